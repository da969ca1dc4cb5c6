import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { type NewPasswordPurpose, NewPasswordFields } from './new-password-fields';

const HINT = '8-16 characters with upper and lower case letters, digits and special characters';

beforeEach(async () => {
  await act(() => changeLocale('en-US'));
});

function renderFields(onFinish = vi.fn(), purpose: NewPasswordPurpose = 'replace') {
  render(
    <Form onFinish={onFinish}>
      <NewPasswordFields
        name="newPassword"
        purpose={purpose}
        testIds={{ password: 'pw', confirm: 'pw-confirm' }}
      />
      <button type="submit">Save</button>
    </Form>,
  );
  return onFinish;
}

const fillIn = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('NewPasswordFields', () => {
  it('shows the hint, then the strength meter once typed', async () => {
    renderFields();
    expect(screen.getByText(HINT)).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('autocomplete')).toBe('new-password');
    fillIn('pw', 'abc');
    expect((await screen.findByTestId('password-strength')).dataset.level).toBe('low');
    expect(screen.queryByText(HINT)).toBeNull();
  });

  it('names the fields after the purpose: replacing a password or choosing the first one', async () => {
    renderFields(vi.fn(), 'replace');
    expect(screen.getByLabelText('New password')).toBe(screen.getByTestId('pw'));
    expect(screen.getByLabelText('Confirm new password')).toBe(screen.getByTestId('pw-confirm'));
    cleanup();
    renderFields(vi.fn(), 'choose');
    expect(screen.getByLabelText('Password')).toBe(screen.getByTestId('pw'));
    expect(screen.getByLabelText('Confirm password')).toBe(screen.getByTestId('pw-confirm'));
    expect(screen.getByText(HINT)).toBeTruthy();
    cleanup();
    await act(() => changeLocale('zh-CN'));
    renderFields(vi.fn(), 'choose');
    expect(screen.getByLabelText('密码')).toBe(screen.getByTestId('pw'));
    expect(screen.getByLabelText('确认密码')).toBe(screen.getByTestId('pw-confirm'));
  });

  it('refuses a weak password and a confirmation that differs', async () => {
    const onFinish = renderFields();
    fillIn('pw', 'weakpass');
    fillIn('pw-confirm', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Insufficient password strength')).toBeTruthy();
    expect(await screen.findByText('Password inconsistency')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('hands over a strong password confirmed alike', async () => {
    const onFinish = renderFields();
    fillIn('pw', 'New#Pass4567');
    fillIn('pw-confirm', 'New#Pass4567');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith({ newPassword: 'New#Pass4567', confirm: 'New#Pass4567' }),
    );
  });
});
