import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AccessProvider } from '@/lib/access';
import { changeLocale } from '@/lib/i18n';
import { DeleteRowAction, EditRowAction } from './admin-row-actions';

const renderAs = (permissions: string[], ui: ReactNode) =>
  render(
    <AccessProvider user={{ adminType: '2', permissions }}>
      <App>{ui}</App>
    </AccessProvider>,
  );

beforeEach(async () => {
  await act(() => changeLocale('en-US'));
});

describe('EditRowAction', () => {
  it('shows Edit only to holders of its permission', () => {
    const onClick = vi.fn();
    const { unmount } = renderAs([], <EditRowAction permission="role:edit" onClick={onClick} />);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    unmount();
    renderAs(['role:edit'], <EditRowAction permission="role:edit" onClick={onClick} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onClick).toHaveBeenCalledOnce();
  });
});

describe('DeleteRowAction', () => {
  it('is hidden without its permission', () => {
    renderAs(
      [],
      <DeleteRowAction permission="role:delete" id={7} remove={{ mutate: vi.fn() }} confirm="Delete?" />,
    );
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('deletes the row only on yes and says so', async () => {
    const mutate = vi.fn((_id: number, feedback: { onSuccess: () => void }) => feedback.onSuccess());
    renderAs(
      ['role:delete'],
      <DeleteRowAction permission="role:delete" id={7} remove={{ mutate }} confirm="Delete role ops?" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(mutate).not.toHaveBeenCalled();
    await screen.findByText('Delete role ops?');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(mutate).toHaveBeenCalledWith(7, expect.anything()));
    expect(await screen.findByText('Deleted')).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    const mutate = vi.fn((_id: number, feedback: { onError: (error: Error) => void }) =>
      feedback.onError(new Error('Role is in use')),
    );
    renderAs(
      ['role:delete'],
      <DeleteRowAction permission="role:delete" id={7} remove={{ mutate }} confirm="Delete?" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('Delete?');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Role is in use')).toBeTruthy();
  });

  it('tells why it is disabled', () => {
    renderAs(
      ['role:delete'],
      <DeleteRowAction
        permission="role:delete"
        id={7}
        remove={{ mutate: vi.fn() }}
        confirm="Delete?"
        disabled
        hint="Built-in roles stay"
      />,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('title')).toBe('Built-in roles stay');
  });
});
