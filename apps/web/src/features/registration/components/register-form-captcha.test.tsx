import { ErrorCode, type RegisterResult } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelopeResponse, okResponse, stubFetch } from '@/test/fetch-stub';
import { setUpEachTest } from '@/test/test-hooks';
import { fillInValidForm, registerApi, renderForm, submit, type } from './register-form-fixture';

// Split from register-form-server.test.tsx: the form with the captcha on, a wrong captcha and a successful
// register. The field errors of the server's answers stay there.

setUpEachTest();

describe('RegisterForm with the server (the captcha, a successful register)', () => {
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
