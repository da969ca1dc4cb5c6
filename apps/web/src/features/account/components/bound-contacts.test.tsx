import { ErrorCode, type Profile } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelopeResponse, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { setUpEachTest } from '@/test/test-hooks';
import { buildProfile } from '../test-data';
import { BoundContacts } from './bound-contacts';

const sent = (destination: string) => ({ destination, expiresInSeconds: 600, resendAfterSeconds: 60 });
const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const getCode = () => screen.getByTestId<HTMLButtonElement>('get-code-button');

let profile: Profile;
const bodies: unknown[] = [];

function stubContactApi(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    '/api/sysUser/profile': () => okResponse(profile),
    '/api/sysUser/emailCode': (url) => okResponse(sent(url.searchParams.get('email') ?? '')),
    '/api/sysUser/smsCode': (url) => okResponse(sent(url.searchParams.get('phone') ?? '')),
    '/api/sysUser/bindEmail': (_url, init) => {
      const body = JSON.parse(String(init.body)) as { email: string; code: string };
      bodies.push(body);
      profile = { ...profile, email: body.email };
      return okResponse(profile);
    },
    '/api/sysUser/bindPhone': (_url, init) => {
      const body = JSON.parse(String(init.body)) as { phone: string; code: string };
      bodies.push(body);
      profile = { ...profile, phone: body.phone };
      return okResponse(profile);
    },
    ...extra,
  });
}

setUpEachTest();
beforeEach(() => {
  profile = buildProfile({ email: 'demo@example.com', phone: '' });
  bodies.length = 0;
});

describe('BoundContacts', () => {
  it('shows the bound email and that no phone is bound', async () => {
    stubContactApi();
    renderWithProviders(<BoundContacts />, { path: '/' });
    expect((await screen.findByTestId('bound-email-value')).textContent).toBe('demo@example.com');
    expect(screen.getByTestId('bound-phone-value').textContent).toBe('Not bound');
    expect(screen.getByTestId('change-email').textContent).toBe('Change');
    expect(screen.getByTestId('change-phone').textContent).toBe('Bind');
  });

  it('checks the new address before sending a code, then binds it with the code', async () => {
    const fetchStub = stubContactApi();
    renderWithProviders(<BoundContacts />, { path: '/' });
    fireEvent.click(await screen.findByTestId('change-email'));
    expect(await screen.findByText('Change the bound email')).toBeTruthy();

    fill('contact-value', 'not-an-address');
    fireEvent.click(getCode());
    expect(await screen.findByText('This is not a valid email address')).toBeTruthy();
    expect(fetchedPaths(fetchStub)).not.toContain('/api/sysUser/emailCode');

    fill('contact-value', 'new@example.com');
    fireEvent.click(getCode());
    expect(await screen.findByText('Code sent to new@example.com')).toBeTruthy();
    expect(getCode().disabled).toBe(true);
    expect(getCode().textContent).toMatch(/Resend in \d+ s/);

    fill('verify-code', '123456');
    fireEvent.click(screen.getByTestId('contact-confirm'));
    expect(await screen.findByText('Email address updated')).toBeTruthy();
    expect(bodies).toEqual([{ email: 'new@example.com', code: '123456' }]);
    await waitFor(() => expect(screen.getByTestId('bound-email-value').textContent).toBe('new@example.com'));
    await waitFor(() => expect(screen.queryByText('Change the bound email')).toBeNull());
  });

  it('binds a phone typed with spaces and dashes as digits only', async () => {
    const fetchStub = stubContactApi();
    renderWithProviders(<BoundContacts />, { path: '/' });
    fireEvent.click(await screen.findByTestId('change-phone'));
    fill('contact-value', '+86 138-0000-0000');
    fireEvent.click(getCode());
    expect(await screen.findByText('Code sent to +8613800000000')).toBeTruthy();
    const smsCall = fetchStub.mock.calls.find(([url]) => String(url).includes('/sysUser/smsCode'));
    expect(new URL(String(smsCall?.[0]), 'http://localhost').searchParams.get('phone')).toBe(
      '+8613800000000',
    );

    fill('verify-code', '654321');
    fireEvent.click(screen.getByTestId('contact-confirm'));
    expect(await screen.findByText('Phone number updated')).toBeTruthy();
    expect(bodies).toEqual([{ phone: '+8613800000000', code: '654321' }]);
  });

  it('shows a wrong code with the server message and keeps the dialog open', async () => {
    stubContactApi({
      '/api/sysUser/bindEmail': () =>
        envelopeResponse(
          { code: ErrorCode.VERIFY_CODE_WRONG, message: 'The verification code is wrong' },
          400,
        ),
    });
    renderWithProviders(<BoundContacts />, { path: '/' });
    fireEvent.click(await screen.findByTestId('change-email'));
    fill('contact-value', 'new@example.com');
    fill('verify-code', '000000');
    fireEvent.click(screen.getByTestId('contact-confirm'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Binding failed');
    expect(alert.textContent).toContain('The verification code is wrong');
    expect(screen.getByText('Change the bound email')).toBeTruthy();
  });

  it('shows "Get verify code failure" when the code cannot be sent', async () => {
    stubContactApi({
      '/api/sysUser/emailCode': () =>
        envelopeResponse({ code: ErrorCode.TOO_MANY_REQUESTS, message: 'Too many requests' }, 429),
    });
    renderWithProviders(<BoundContacts />, { path: '/' });
    fireEvent.click(await screen.findByTestId('change-email'));
    fill('contact-value', 'new@example.com');
    fireEvent.click(getCode());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Get verify code failure');
    expect(alert.textContent).toContain('Too many requests');
  });
});
