import { ErrorCode } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelopeResponse, type FetchRoute, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderRoutes } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { PasswordLinkExpiredPage } from './password-link-expired-page';
import { RecoverPage } from './recover-page';

// The first render of a long antd form can take over a second on a busy two-core machine.

const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

function openRecover(url: string, api: Record<string, FetchRoute>, captchaEnabled = false) {
  const fetchStub = stubFetch({
    '/api/config': () => okResponse({ captchaEnabled, portalName: 'Portal' }),
    ...api,
  });
  const { router } = renderRoutes(
    [
      { path: '/user/recover', element: <RecoverPage /> },
      { path: '/user/password-link-expired', element: <PasswordLinkExpiredPage /> },
      { path: '/user/login', element: <p>sign-in page</p> },
    ],
    url,
  );
  return { fetchStub, router };
}

/** The URL and JSON body of the first call of `path`. */
function requestOf(fetchStub: ReturnType<typeof stubFetch>, path: string) {
  const call = fetchStub.mock.calls.find(
    ([input]) => new URL(String(input), 'http://localhost').pathname === path,
  );
  const body = call?.[1]?.body;
  return {
    url: new URL(String(call?.[0]), 'http://localhost'),
    body: body ? JSON.parse(String(body)) : undefined,
  };
}

setUpEachTest();

describe('requesting a password link', () => {
  it('asks for the account, then gives the neutral answer with the link lifetime', async () => {
    const { fetchStub } = openRecover(
      '/user/recover',
      { '/api/auth/recover': () => okResponse({ linkValidMinutes: 30 }) },
      true,
    );
    await screen.findByTestId('captcha-image');
    fireEvent.click(screen.getByTestId('recover-submit'));
    expect(await screen.findByText('Please enter your account or email address')).toBeTruthy();

    type('recover-account', '  nina@example.com ');
    fireEvent.change(document.querySelector('#recover_captcha') ?? document.body, {
      target: { value: 'ab12' },
    });
    fireEvent.click(screen.getByTestId('recover-submit'));

    expect((await screen.findByTestId('recover-sent')).textContent).toContain(
      'If the account exists, a link to set a new password has been mailed to its address. The link is valid for 30 minutes and works once.',
    );
    const { url, body } = requestOf(fetchStub, '/api/auth/recover');
    expect(body).toEqual({ account: 'nina@example.com' });
    expect(url.searchParams.get('code')).toBe('ab12');
  });

  it("says the link will follow when the mail server is not answering, in the server's words", async () => {
    const delayed =
      'The mail server is not answering right now: if the account exists, the link to set a new password will be mailed to its address as soon as it does, and is valid for 30 minutes. If it has not arrived by then, ask again.';
    openRecover(
      '/user/recover',
      { '/api/auth/recover': () => okResponse({ linkValidMinutes: 30, mailDelayed: delayed }) },
      true,
    );
    await screen.findByTestId('captcha-image');
    type('recover-account', 'nina');
    fireEvent.change(document.querySelector('#recover_captcha') ?? document.body, {
      target: { value: 'ab12' },
    });
    fireEvent.click(screen.getByTestId('recover-submit'));
    const done = await screen.findByTestId('recover-sent');
    expect(done.textContent).toContain('Your request is recorded');
    expect(done.textContent).toContain(delayed);
    expect(done.textContent).not.toContain('Check your mail');
    expect(done.textContent).not.toContain('has been mailed');
  });

  it('shows a wrong captcha and lets the visitor try again', async () => {
    openRecover(
      '/user/recover',
      {
        '/api/auth/recover': () =>
          envelopeResponse({ code: ErrorCode.CAPTCHA_WRONG, message: 'The verification code is wrong' }, 400),
      },
      true,
    );
    await screen.findByTestId('captcha-image');
    type('recover-account', 'nina');
    fireEvent.change(document.querySelector('#recover_captcha') ?? document.body, {
      target: { value: 'zzzz' },
    });
    fireEvent.click(screen.getByTestId('recover-submit'));
    expect((await screen.findByRole('alert')).textContent).toContain('The verification code is wrong');
    expect(screen.getByTestId('recover-form')).toBeTruthy();
  });
});

describe('setting the password through a mailed link', () => {
  const validLink = () => okResponse({ valid: true, account: 'n***a' });

  it('checks the link, mirrors the password rules, sets the password and leads to sign-in', async () => {
    const { fetchStub, router } = openRecover('/user/recover?token=tok-1', {
      '/api/auth/recover/check': validLink,
      '/api/auth/recover/reset': () => okResponse(null),
    });
    expect(await screen.findByText('New password for account n***a')).toBeTruthy();
    expect(requestOf(fetchStub, '/api/auth/recover/check').url.searchParams.get('token')).toBe('tok-1');

    type('reset-password', 'weakpass');
    type('reset-confirm', 'other');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText('Insufficient password strength')).toBeTruthy();
    expect(screen.getByText('Password inconsistency')).toBeTruthy();
    expect(fetchedPaths(fetchStub)).not.toContain('/api/auth/recover/reset');

    type('reset-password', 'Fresh#Pass123');
    await waitFor(() => expect(screen.getByTestId('password-strength').dataset.level).toBe('high'));
    type('reset-confirm', 'Fresh#Pass123');
    fireEvent.click(screen.getByTestId('reset-submit'));

    expect((await screen.findByTestId('reset-success')).textContent).toContain('Password changed');
    expect(requestOf(fetchStub, '/api/auth/recover/reset').body).toEqual({
      token: 'tok-1',
      password: 'Fresh#Pass123',
      confirm: 'Fresh#Pass123',
    });
    fireEvent.click(screen.getByTestId('reset-sign-in'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
  });

  it('sends an expired, used or unknown link to the password-link-expired page', async () => {
    const { router } = openRecover('/user/recover?token=old', {
      '/api/auth/recover/check': () => okResponse({ valid: false, account: null }),
    });
    expect(await screen.findByTestId('password-link-expired')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/password-link-expired');

    fireEvent.click(screen.getByTestId('request-new-link'));
    expect(await screen.findByTestId('recover-form')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('goes to the expired page when the link is spent while the form is open (1012009)', async () => {
    const { router } = openRecover('/user/recover?token=tok-2', {
      '/api/auth/recover/check': validLink,
      '/api/auth/recover/reset': () =>
        envelopeResponse(
          {
            code: ErrorCode.RESET_LINK_INVALID,
            message: 'The password link has expired or has already been used',
          },
          410,
        ),
    });
    await screen.findByTestId('reset-form');
    type('reset-password', 'Fresh#Pass123');
    type('reset-confirm', 'Fresh#Pass123');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('password-link-expired')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/password-link-expired');
  });

  it("shows the server's refusal of the password on the field", async () => {
    openRecover('/user/recover?token=tok-3', {
      '/api/auth/recover/check': validLink,
      '/api/auth/recover/reset': () =>
        envelopeResponse({ code: ErrorCode.PASSWORD_WEAK, message: 'Insufficient password strength' }, 400),
    });
    await screen.findByTestId('reset-form');
    type('reset-password', 'Fresh#Pass123');
    type('reset-confirm', 'Fresh#Pass123');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(screen.getAllByText('Insufficient password strength')).toHaveLength(2));
    expect(screen.getByTestId('reset-form')).toBeTruthy();
  });

  it('offers to try again when the link could not be checked', async () => {
    let answer = () =>
      envelopeResponse({ code: ErrorCode.TOO_MANY_REQUESTS, message: 'Too many requests' }, 429);
    openRecover('/user/recover?token=tok-4', { '/api/auth/recover/check': () => answer() });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The link could not be checked: Too many requests',
    );
    answer = validLink;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('reset-form')).toBeTruthy();
  });
});
