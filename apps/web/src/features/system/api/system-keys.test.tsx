import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { loginUserQueryKey } from '@/features/auth';
import { SYSTEM_KEY, useSystemMutation } from './system-keys';

describe('useSystemMutation', () => {
  it('marks the staff lists and the signed-in user (menus, permissions) stale after a change', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(loginUserQueryKey, { menus: [] });
    queryClient.setQueryData([...SYSTEM_KEY, 'menus', 'system'], []);
    queryClient.setQueryData(['catalog', 'versions'], []);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    let ran = false;
    const { result } = renderHook(
      () => useSystemMutation(async (_: never) => null, { onSuccess: () => void (ran = true) }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync(undefined as never));

    expect(queryClient.getQueryState(loginUserQueryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([...SYSTEM_KEY, 'menus', 'system'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['catalog', 'versions'])?.isInvalidated).toBe(false);
    expect(ran).toBe(true);
  });
});
