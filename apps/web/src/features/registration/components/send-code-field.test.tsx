import { ErrorCode } from '@portal/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelopeResponse, type FetchRoute, fetchedPaths, okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { advance, setUpEachTest } from '@/test/test-hooks';
import { RegisterForm } from './register-form';

/**
 * Lets antd validate and show a field's messages: that takes several rounds of promises and
 * renders, not only time. 250 ms in all, well inside one countdown tick.
 */
async function settle() {
  for (let round = 0; round < 10; round += 1) await advance(25);
}
const sendButton = (field: string) => screen.getByTestId<HTMLButtonElement>(`${field}-send`);
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });
const sent = (destination: string) => ({ destination, expiresInSeconds: 600, resendAfterSeconds: 60 });

/** Renders the form and lets fake time run until it shows (the router renders asynchronously). */
async function renderForm(extra: Record<string, FetchRoute>, captchaEnabled = false) {
  const fetchStub = stubFetch({
    '/api/config': () => okResponse({ captchaEnabled, portalName: 'Portal' }),
    '/api/auth/industries': () => okResponse([]),
    ...extra,
  });
  renderWithProviders(<RegisterForm />, { path: '/' });
  for (let round = 0; round < 100 && !screen.queryByTestId('emailCode-send'); round += 1) await advance(10);
  await settle();
  return fetchStub;
}

setUpEachTest({ fakeTimers: true });

describe('verification codes of the registration', () => {
  it('sends a code only with the captcha answer, then shows a new image and clears the answer', async () => {
    const fetchStub = await renderForm(
      { '/api/auth/emailCode': () => okResponse(sent('n***@example.com')) },
      true,
    );
    const image = () => screen.getByTestId<HTMLImageElement>('captcha-image').src;
    const firstImage = image();
    type('email-input', 'nina@example.com');
    fireEvent.click(sendButton('emailCode'));
    await settle();
    expect(fetchedPaths(fetchStub)).not.toContain('/api/auth/emailCode');
    expect(screen.getByText('Please enter the verification code')).toBeTruthy();

    fireEvent.change(document.querySelector('#register_captcha')!, { target: { value: '4821' } });
    fireEvent.click(sendButton('emailCode'));
    await settle();
    const call = fetchStub.mock.calls.find(([input]) => String(input).includes('/api/auth/emailCode'));
    expect(new URL(String(call?.[0]), 'http://localhost').searchParams.get('code')).toBe('4821');
    expect(image()).not.toBe(firstImage);
    expect(document.querySelector<HTMLInputElement>('#register_captcha')?.value).toBe('');
  });

  it('checks the address first, then mails the code and counts the resend interval down every second', async () => {
    const fetchStub = await renderForm({ '/api/auth/emailCode': () => okResponse(sent('n***@example.com')) });

    fireEvent.click(sendButton('emailCode'));
    await settle();
    expect(screen.getByText('Please enter your email address')).toBeTruthy();
    expect(fetchedPaths(fetchStub)).not.toContain('/api/auth/emailCode');

    type('email-input', ' nina@example.com ');
    fireEvent.click(sendButton('emailCode'));
    await settle();
    const call = fetchStub.mock.calls.find(([input]) => String(input).includes('/api/auth/emailCode'));
    expect(new URL(String(call?.[0]), 'http://localhost').searchParams.get('email')).toBe('nina@example.com');
    expect(screen.getByText('Code sent to n***@example.com, valid for 10 minutes')).toBeTruthy();
    expect(sendButton('emailCode').disabled).toBe(true);
    expect(sendButton('emailCode').textContent).toBe('Resend in 60 s');

    await advance(1000);
    expect(sendButton('emailCode').textContent).toBe('Resend in 59 s');
    await advance(58_000);
    expect(sendButton('emailCode').textContent).toBe('Resend in 1 s');
    await advance(1000);
    expect(sendButton('emailCode').textContent).toBe('Get code');
    expect(sendButton('emailCode').disabled).toBe(false);
  });

  it("says the code is queued, in the server's words, when the mail server did not take it", async () => {
    const delayed =
      '邮件服务器暂时没有响应：发往 n***@example.com 的验证码将在它恢复后立即发出，验证码 10 分钟内有效。若届时仍未收到，请重新获取。';
    await renderForm({
      '/api/auth/emailCode': () => okResponse({ ...sent('n***@example.com'), mailDelayed: delayed }),
    });
    type('email-input', 'nina@example.com');
    fireEvent.click(sendButton('emailCode'));
    await settle();
    expect(screen.getByTestId('mail-delayed').textContent).toBe(delayed);
    expect(screen.queryByText('Code sent to n***@example.com, valid for 10 minutes')).toBeNull();
    expect(sendButton('emailCode').textContent).toBe('Resend in 60 s');
  });

  it('shows a refusal (429) on the code field and leaves the button usable', async () => {
    await renderForm({
      '/api/auth/emailCode': () =>
        envelopeResponse(
          { code: ErrorCode.TOO_MANY_REQUESTS, message: 'Too many requests, please try again in 42 seconds' },
          429,
        ),
    });
    type('email-input', 'nina@example.com');
    fireEvent.click(sendButton('emailCode'));
    await settle();

    expect(screen.getByText('Too many requests, please try again in 42 seconds')).toBeTruthy();
    expect(sendButton('emailCode').disabled).toBe(false);
  });

  it("puts the server's verdict on the address on the address field", async () => {
    await renderForm({
      '/api/getSmsCaptcha': () =>
        envelopeResponse(
          {
            code: ErrorCode.PARAM_ERROR,
            message: 'Parameter error: phone is not a valid phone number',
            data: [{ field: 'phone', message: 'is not a valid phone number' }],
          },
          400,
        ),
    });
    type('phone-input', '+86 138 0000 0000');
    await settle();
    fireEvent.click(sendButton('smsCode'));
    await settle();
    expect(screen.getByText('is not a valid phone number')).toBeTruthy();
  });

  it('sends the SMS code to the phone without its spaces and dashes', async () => {
    const fetchStub = await renderForm({ '/api/getSmsCaptcha': () => okResponse(sent('***0000')) });
    type('phone-input', '+86 138-0000-0000');
    await settle();
    fireEvent.click(sendButton('smsCode'));
    await settle();
    const call = fetchStub.mock.calls.find(([input]) => String(input).includes('/api/getSmsCaptcha'));
    expect(new URL(String(call?.[0]), 'http://localhost').searchParams.get('phone')).toBe('+8613800000000');
    expect(screen.getByText('Code sent to ***0000, valid for 10 minutes')).toBeTruthy();
    expect(sendButton('smsCode').textContent).toBe('Resend in 60 s');
  });
});
