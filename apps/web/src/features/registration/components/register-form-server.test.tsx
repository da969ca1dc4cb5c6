import { ErrorCode } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelopeResponse, stubFetch } from '@/test/fetch-stub';
import { setUpEachTest } from '@/test/test-hooks';
import { fillInValidForm, itemOf, registerApi, renderForm, submit } from './register-form-fixture';

// Split from register-form.test.tsx: what the form does with the server's answers, here its field errors.
// A wrong captcha and a successful register are tested in register-form-captcha.test.tsx, so the two halves run side by side.

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
});
