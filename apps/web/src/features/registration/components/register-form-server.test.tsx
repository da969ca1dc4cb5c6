import { ErrorCode, type RegisterResult } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { setUpEachTest } from '@/test/test-hooks';
import { fillInValidForm, itemOf, registerApi, renderForm, submit, type } from './register-form-fixture';

// Split from register-form.test.tsx: what the form does with the server's answers.

setUpEachTest();

describe('RegisterForm with the server', () => {
  it('puts the field errors of a 1012001 answer on their fields', async () => {
    stubFetch(
      registerApi({
        '/api/auth/register': () =>
          envelopeResponse(
            {
              code: ErrorCode.PARAM_ERROR,
              message: 'Parameter error: email is not a valid email address; industry choose an industry',
              data: [
                { field: 'email', message: 'is not a valid email address' },
                { field: 'industry', message: 'choose an industry from the list' },
              ],
            },
            400,
          ),
      }),
    );
    await renderForm();
    await fillInValidForm();
    submit();

    await waitFor(() =>
      expect(within(itemOf('email-input')).getByText('is not a valid email address')).toBeTruthy(),
    );
    expect(within(itemOf('industry-select')).getByText('choose an industry from the list')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Parameter error');
  });

  it.each([
    [ErrorCode.ACCOUNT_EXISTS, 'This account name is already taken', 'account-input'],
    [ErrorCode.EMAIL_REGISTERED, 'This email address already belongs to an account', 'email-input'],
    [ErrorCode.VERIFY_CODE_WRONG, 'The verification code is wrong or has expired', 'emailCode-input'],
    [ErrorCode.SN_NOT_FOUND, 'Serial number SN-1 does not exist', 'sn-input'],
  ])('shows the message of code %i on its field', async (code, message, field) => {
    stubFetch(registerApi({ '/api/auth/register': () => envelopeResponse({ code, message }, 400) }));
    await renderForm();
    await fillInValidForm();
    submit();
    await waitFor(() => expect(within(itemOf(field)).getByText(message)).toBeTruthy());
  });

  it('shows a wrong captcha on the captcha field and shows a new image', async () => {
    stubFetch(
      registerApi(
        {
          '/api/auth/register': () =>
            envelopeResponse(
              { code: ErrorCode.CAPTCHA_WRONG, message: 'The verification code is wrong' },
              400,
            ),
        },
        true,
      ),
    );
    await renderForm();
    const image = await screen.findByTestId<HTMLImageElement>('captcha-image');
    const firstImage = image.src;
    await fillInValidForm();
    fireEvent.change(document.querySelector('#register_captcha') ?? document.body, {
      target: { value: 'abcd' },
    });
    submit();

    await waitFor(() =>
      expect(screen.getByTestId<HTMLImageElement>('captcha-image').src).not.toBe(firstImage),
    );
    expect(screen.getAllByText('The verification code is wrong').length).toBeGreaterThan(0);
  });

  it('sends the trimmed body with the captcha and opens the result page', async () => {
    const result: RegisterResult = {
      account: 'new_user1',
      email: 'n***@example.com',
      sn: { sn: 'SN-1', state: 'pending' },
    };
    const fetchStub = stubFetch(registerApi({ '/api/auth/register': () => okResponse(result) }, true));
    await renderForm();
    await screen.findByTestId('captcha-image');
    await fillInValidForm();
    type('nickName-input', '  Newbie  ');
    type('sn-input', 'SN-1');
    fireEvent.change(document.querySelector('#register_captcha') ?? document.body, {
      target: { value: 'ab12' },
    });
    submit();

    expect((await screen.findByTestId('register-result')).textContent).toContain(
      'Account new_user1 has been created',
    );
    expect(screen.getByText(/n\*\*\*@example\.com/)).toBeTruthy();
    expect(screen.getByTestId('register-result-sn').dataset.state).toBe('pending');

    const call = fetchStub.mock.calls.find(([input]) => String(input).includes('/api/auth/register'));
    const url = new URL(String(call?.[0]), 'http://localhost');
    expect(url.searchParams.get('code')).toBe('ab12');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      account: 'new_user1',
      password: 'Strong#Pass1',
      confirm: 'Strong#Pass1',
      nickName: 'Newbie',
      name: 'Nina New',
      email: 'nina@example.com',
      emailCode: '123456',
      phone: '',
      smsCode: '',
      company: 'Acme',
      industry: 'finance',
      sn: 'SN-1',
      locale: 'en-US',
    });
  });
});
