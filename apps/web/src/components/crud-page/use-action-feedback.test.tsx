import { renderHook, screen } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useActionFeedback } from './use-action-feedback';

const wrapper = ({ children }: { children: ReactNode }) => <App>{children}</App>;

describe('useActionFeedback', () => {
  it('toasts the success text once done and the server message when refused', async () => {
    const { result } = renderHook(() => useActionFeedback(), { wrapper });
    const callbacks = result.current('Deleted');
    callbacks.onSuccess();
    expect(await screen.findByText('Deleted')).toBeTruthy();
    callbacks.onError(new Error('Role is in use'));
    expect(await screen.findByText('Role is in use')).toBeTruthy();
  });
});
