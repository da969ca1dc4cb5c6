import { ErrorCode } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '@/lib/session';
import { envelopeResponse, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { LoginForm } from './login-form';

const configAnswer = () => okResponse({ captchaEnabled: true, portalName: 'Portal' });

function renderLoginForm() {
  return renderWithProviders(<LoginForm />, {
    path: '/user/login',
    initialEntry: '/user/login?redirect=%2Faccount%2Fcenter%3Ftab%3Dtasks',
    routes: [{ path: '/account/center', element: <p>account centre</p> }],
  });
}

function fillIn(id: 'account' | 'password' | 'captcha', value: string) {
  const input = document.getElementById(id);
  if (!input) throw new Error(`no #${id} input`);
  fireEvent.change(input, { target: { value } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

setUpEachTest();

describe('LoginForm', () => {
  it('refuses empty account and password with messages and calls no sign-in API', async () => {
    const fetchStub = stubFetch({ '/api/config': configAnswer });
    renderLoginForm();
    await screen.findByTestId('captcha-image');

    submit();

    expect(await screen.findByText('Please enter your account')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(screen.getByText('Please enter the verification code')).toBeTruthy();
    expect(fetchedPaths(fetchStub)).not.toContain('/api/login');
  });

  it('shows the server message above the form and renews and clears the captcha', async () => {
    const fetchStub = stubFetch({
      '/api/config': configAnswer,
      '/api/login': () =>
        envelopeResponse(
          { code: ErrorCode.ACCOUNT_PASSWORD_WRONG, message: 'Wrong username or password' },
          401,
        ),
    });
    renderLoginForm();
    const captchaImage = await screen.findByTestId('captcha-image');
    const firstCaptchaUrl = captchaImage.getAttribute('src');

    fillIn('account', 'demo');
    fillIn('password', 'Wrong#Pass1');
    fillIn('captcha', 'ab12');
    submit();

    expect((await screen.findByRole('alert')).textContent).toContain('Wrong username or password');
    const loginUrl = new URL(String(fetchStub.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(loginUrl.searchParams.get('code')).toBe('ab12');
    expect(screen.getByTestId('captcha-image').getAttribute('src')).not.toBe(firstCaptchaUrl);
    await waitFor(() => expect((document.getElementById('captcha') as HTMLInputElement).value).toBe(''));
    expect(getAccessToken()).toBeUndefined();
  });

  it('stores the token and opens the redirect target after a successful sign-in', async () => {
    stubFetch({ '/api/config': configAnswer, '/api/login': () => okResponse({ token: 'fresh-token' }) });
    renderLoginForm();
    await screen.findByTestId('captcha-image');

    fillIn('account', 'demo');
    fillIn('password', 'Demo#Pass123');
    fillIn('captcha', 'ab12');
    submit();

    expect(await screen.findByText('account centre')).toBeTruthy();
    expect(getAccessToken()).toBe('fresh-token');
  });

  it("stays busy after a sign-in until the router has the next page's code", async () => {
    stubFetch({ '/api/config': configAnswer, '/api/login': () => okResponse({ token: 'fresh-token' }) });
    let arrive = (): void => undefined;
    const pageCode = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    renderWithProviders(<LoginForm />, {
      path: '/user/login',
      initialEntry: '/user/login?redirect=%2Faccount%2Fcenter',
      routes: [
        {
          path: '/account/center',
          lazy: async () => {
            await pageCode;
            return { element: <p>account centre</p> };
          },
        },
      ],
    });
    await screen.findByTestId('captcha-image');
    fillIn('account', 'demo');
    fillIn('password', 'Demo#Pass123');
    fillIn('captcha', 'ab12');
    submit();

    await waitFor(() => expect(getAccessToken()).toBe('fresh-token'));
    const button = screen.getByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    // A second press while the page loads signs in no second time.
    fireEvent.click(button);
    arrive();
    expect(await screen.findByText('account centre')).toBeTruthy();
  });
});
