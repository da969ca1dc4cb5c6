import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { setUpEachTest } from '@/test/test-hooks';
import { registerApi, renderForm, submit, type } from './register-form-fixture';

setUpEachTest();

describe('RegisterForm rules', () => {
  it('names every missing required field without calling the server', async () => {
    const fetchStub = stubFetch(registerApi());
    await renderForm();
    submit();
    expect(await screen.findByText('Please enter an account name')).toBeTruthy();
    for (const text of [
      'Please enter a new password',
      'Please enter the new password again',
      'Please enter a nickname',
      'Please enter your email address',
      'Please enter the verification code',
      'Please enter your company',
      'Please choose your industry',
    ]) {
      // antd validates the fields one after another: on a busy machine the last ones come later.
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(fetchedPaths(fetchStub).filter((path) => path === '/api/auth/register')).toEqual([]);
  });

  it("mirrors the server's rules with the spec's messages", async () => {
    stubFetch(registerApi());
    await renderForm();
    type('account-input', 'bad name!');
    type('password-input', 'weakpass');
    type('confirm-input', 'other');
    type('email-input', 'not-an-address');
    type('emailCode-input', '12a');
    type('phone-input', 'call me');
    type('sn-input', 'x');
    submit();

    expect(await screen.findByText(/^The username naming is unreasonable/)).toBeTruthy();
    // antd validates each field on its own: under load the messages appear one after another.
    await waitFor(() => {
      expect(screen.getByText('Insufficient password strength')).toBeTruthy();
      expect(screen.getByText('Password inconsistency')).toBeTruthy();
      expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
      expect(screen.getByText('The verification code has 6 digits')).toBeTruthy();
      expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
      expect(screen.getByText(/^Please enter a valid serial number/)).toBeTruthy();
    });
  });

  it('asks for the SMS code only while a phone number is typed', async () => {
    stubFetch(registerApi());
    await renderForm();
    expect(screen.queryByTestId('smsCode-input')).toBeNull();
    type('phone-input', '+86 138-0000-0000');
    expect(await screen.findByTestId('smsCode-input')).toBeTruthy();
    submit();
    expect(await screen.findByText('Please enter the SMS code sent to this phone')).toBeTruthy();

    type('phone-input', '');
    await waitFor(() => expect(screen.queryByTestId('smsCode-input')).toBeNull());
  });

  it('shows the strength of the password as it is typed', async () => {
    stubFetch(registerApi());
    await renderForm();
    type('password-input', 'abc');
    expect((await screen.findByTestId('password-strength')).dataset.level).toBe('low');
    type('password-input', 'Abcdefgh12#$');
    await waitFor(() => expect(screen.getByTestId('password-strength').dataset.level).toBe('high'));
  });

  it('shows the rules in Chinese', async () => {
    await act(() => changeLocale('zh-CN'));
    stubFetch(registerApi());
    await renderForm();
    type('account-input', 'bad name!');
    type('password-input', 'weakpass');
    type('confirm-input', 'other');
    submit();
    expect(await screen.findByText(/^用户名命名不合理/)).toBeTruthy();
    expect(screen.getByText('密码强度不够')).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
  });
});

describe('serial number check', () => {
  it('says a known SN can be registered (never its model) and when one does not exist', async () => {
    stubFetch(
      registerApi({
        '/api/v1/auth/register/sn': (url) => {
          const sn = url.searchParams.get('sn') ?? '';
          return okResponse(sn === 'SN-OK' ? { sn, exists: true } : { sn, exists: false });
        },
      }),
    );
    await renderForm();
    fireEvent.click(screen.getByTestId('sn-check'));
    expect(await screen.findByText('Enter the serial number to check first')).toBeTruthy();

    type('sn-input', 'SN-OK');
    fireEvent.click(screen.getByTestId('sn-check'));
    expect((await screen.findByTestId('sn-model')).textContent).toBe('Serial number SN-OK can be registered');

    type('sn-input', 'SN-NO');
    expect(screen.queryByTestId('sn-model')).toBeNull();
    fireEvent.click(screen.getByTestId('sn-check'));
    expect(await screen.findByText(/^Serial number SN-NO does not exist/)).toBeTruthy();
  });
});
