import { ErrorCode } from '@portal/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { envelopeResponse, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { ChangePasswordForm } from './change-password-form';

type Field = 'current-password' | 'new-password' | 'confirm-password' | 'verify-code';

const input = (field: Field) => screen.getByTestId<HTMLInputElement>(field);
const fillIn = (field: Field, value: string) => fireEvent.change(input(field), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('submit-password'));

function fillInValidForm() {
  fillIn('current-password', 'Old#Pass123');
  fillIn('new-password', 'New#Pass4567');
  fillIn('confirm-password', 'New#Pass4567');
  fillIn('verify-code', '123456');
}

const renderForm = () => renderWithProviders(<ChangePasswordForm />, { path: '/' });

setUpEachTest();

describe('ChangePasswordForm', () => {
  it('refuses a weak new password and a mismatched confirmation without calling the server', async () => {
    const fetchStub = stubFetch({});
    renderForm();
    fillIn('current-password', 'Old#Pass123');
    fillIn('new-password', 'weakpass');
    fillIn('confirm-password', 'other');
    fillIn('verify-code', '123456');
    submit();

    // antd validates the fields one after another: each message may come a tick later.
    expect(await screen.findByText('Insufficient password strength')).toBeTruthy();
    expect(await screen.findByText('Password inconsistency')).toBeTruthy();
    expect(fetchedPaths(fetchStub)).toEqual([]);
  });

  it('asks for every field and for a six-digit code', async () => {
    stubFetch({});
    renderForm();
    submit();
    // Each field is validated on its own (antd, asynchronously): each message awaited, not only the first.
    expect(await screen.findByText('Please enter your current password')).toBeTruthy();
    expect(await screen.findByText('Please enter a new password')).toBeTruthy();
    expect(await screen.findByText('Please enter the new password again')).toBeTruthy();
    expect(await screen.findByText('Please enter the verification code')).toBeTruthy();

    fillIn('verify-code', '12a');
    expect(await screen.findByText('The verification code has 6 digits')).toBeTruthy();
  });

  it('shows the rules in Chinese', async () => {
    await act(() => changeLocale('zh-CN'));
    stubFetch({});
    renderForm();
    fillIn('new-password', 'weakpass');
    fillIn('confirm-password', 'other');
    submit();
    expect(await screen.findByText('密码强度不够')).toBeTruthy();
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
  });

  it('shows the strength of the new password as it is typed', async () => {
    stubFetch({});
    renderForm();
    fillIn('new-password', 'abc');
    expect((await screen.findByTestId('password-strength')).dataset.level).toBe('low');
    fillIn('new-password', 'Abcdefgh12#$');
    await waitFor(() => expect(screen.getByTestId('password-strength').dataset.level).toBe('high'));
  });

  it('shows "Password modification failure" with the server message', async () => {
    stubFetch({
      '/api/sysUser/modifyPwd': () =>
        envelopeResponse(
          { code: ErrorCode.OLD_PASSWORD_WRONG, message: 'The current password is wrong' },
          400,
        ),
    });
    renderForm();
    fillInValidForm();
    submit();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Password modification failure');
    expect(alert.textContent).toContain('The current password is wrong');
    expect(input('new-password').value).toBe('New#Pass4567');
  });

  it('sends the four fields, confirms the change and empties the form', async () => {
    const fetchStub = stubFetch({ '/api/sysUser/modifyPwd': () => okResponse(null) });
    renderForm();
    fillInValidForm();
    submit();

    expect(await screen.findByText(/Password changed/)).toBeTruthy();
    const [, init] = fetchStub.mock.calls.at(-1) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      password: 'Old#Pass123',
      newPassword: 'New#Pass4567',
      confirm: 'New#Pass4567',
      code: '123456',
    });
    await waitFor(() => expect(input('current-password').value).toBe(''));
    expect(input('verify-code').value).toBe('');
    expect(screen.queryByText('Password modification failure')).toBeNull();
  });
});
