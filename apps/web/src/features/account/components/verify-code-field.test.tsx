import { ErrorCode } from '@portal/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelopeResponse, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { advance, setUpEachTest } from '@/test/test-hooks';
import { ChangePasswordForm } from './change-password-form';

const button = () => screen.getByTestId<HTMLButtonElement>('get-code-button');
const sent = { destination: 'd***@example.com', expiresInSeconds: 600, resendAfterSeconds: 60 };

setUpEachTest({ fakeTimers: true });

describe('verify code of the password change', () => {
  it('sends a code, names where it went and counts down the resend interval every second', async () => {
    const fetchStub = stubFetch({ '/api/sysUser/getVerifyCode': () => okResponse(sent) });
    renderWithProviders(<ChangePasswordForm />, { path: '/' });
    expect(button().textContent).toBe('Get code');

    fireEvent.click(button());
    await advance(0);
    expect(fetchedPaths(fetchStub)).toEqual(['/api/sysUser/getVerifyCode']);
    expect(screen.getByText('Code sent to d***@example.com')).toBeTruthy();
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe('Resend in 60 s');

    await advance(1000);
    expect(button().textContent).toBe('Resend in 59 s');
    await advance(58_000);
    expect(button().textContent).toBe('Resend in 1 s');
    expect(button().disabled).toBe(true);

    await advance(1000);
    expect(button().textContent).toBe('Get code');
    expect(button().disabled).toBe(false);
  });

  it("says the code is queued, in the server's words, when the mail server did not take it", async () => {
    const delayed =
      'The mail server is not answering right now: your code to d***@example.com will be sent as soon as it does, and is valid for 10 minutes. If it has not arrived by then, ask for a new one.';
    stubFetch({ '/api/sysUser/getVerifyCode': () => okResponse({ ...sent, mailDelayed: delayed }) });
    renderWithProviders(<ChangePasswordForm />, { path: '/' });

    fireEvent.click(button());
    await advance(0);
    expect(screen.getByTestId('mail-delayed').textContent).toBe(delayed);
    expect(screen.queryByText('Code sent to d***@example.com')).toBeNull();
    expect(button().textContent).toBe('Resend in 60 s');
  });

  it('shows "Get verify code failure" with the server message and keeps the button usable', async () => {
    stubFetch({
      '/api/sysUser/getVerifyCode': () =>
        envelopeResponse(
          { code: ErrorCode.NO_EMAIL_BOUND, message: 'No email address is bound to this account' },
          400,
        ),
    });
    renderWithProviders(<ChangePasswordForm />, { path: '/' });

    fireEvent.click(button());
    await advance(0);

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Get verify code failure');
    expect(alert.textContent).toContain('No email address is bound to this account');
    expect(button().disabled).toBe(false);
  });

  it('counts down the Retry-After of a code asked too soon (429)', async () => {
    stubFetch({
      '/api/sysUser/getVerifyCode': () =>
        new Response(
          JSON.stringify({
            success: false,
            code: ErrorCode.TOO_MANY_REQUESTS,
            message: 'Too soon',
            data: null,
          }),
          { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '30' } },
        ),
    });
    renderWithProviders(<ChangePasswordForm />, { path: '/' });

    fireEvent.click(button());
    await advance(0);
    expect(screen.getByRole('alert').textContent).toContain('Too soon');
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe('Resend in 30 s');
    await advance(30_000);
    expect(button().disabled).toBe(false);
  });
});
