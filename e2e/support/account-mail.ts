import { expect } from 'vitest';
import { request as playwrightRequest, type Page } from 'playwright-core';
import type { Portal } from './console';

/** Waits for the next mail to `address` after the first `since` mails and returns its decoded text. */
export async function nextMailTo(portal: Portal, address: string, since: number): Promise<string> {
  const find = () =>
    portal
      .mails()
      .slice(since)
      .find((mail) => mail.to.includes(address));
  await expect.poll(() => find() !== undefined, { message: `a mail to ${address}` }).toBe(true);
  return find()?.text ?? '';
}

/** The six-digit code of a code mail or SMS. */
export function codeIn(text: string): string {
  const code = /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1];
  if (!code) throw new Error(`no code in: ${text}`);
  return code;
}

/** The first link into the portal in a mail, as a path (mails point at PUBLIC_URL, not the test's port). */
export function portalPathIn(text: string): string {
  const link = /https?:\/\/\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no link in: ${text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The code of the latest SMS to `phone`, from the outbox the logging SMS driver writes. */
export async function latestSmsCode(portal: Portal, phone: string): Promise<string> {
  const sms = (await portal.smsOutbox()).find((row) => row.phone === phone);
  if (!sms) throw new Error(`no SMS to ${phone} in the outbox`);
  return codeIn(sms.body);
}

/**
 * Waits until the captcha image on the page has loaded, so the recorded answer is the one shown;
 * with `spent`, until a new image replaced the one whose answer that was.
 */
export async function captchaAnswer(page: Page, portal: Portal, spent?: string): Promise<string> {
  if (spent !== undefined) await expect.poll(() => portal.latestCaptcha()).not.toBe(spent);
  await page.getByTestId('captcha-image').waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="captcha-image"]');
    return Boolean(img?.complete && img.naturalWidth > 0);
  });
  return portal.latestCaptcha();
}

/** Signs in through the sign-in page with any account (the page must show the sign-in form). */
export async function signInAs(page: Page, portal: Portal, account: string, password: string) {
  const captcha = await captchaAnswer(page, portal);
  await page.locator('#account').fill(account);
  await page.locator('#password').fill(password);
  await page.locator('#captcha').fill(captcha);
  await page.locator('button[type="submit"]').click();
}

/** Creates an account through the public API (email code read from the mail, captcha through the seam). */
export async function registerThroughApi(portal: Portal, account: string, email: string, password: string) {
  const visitor = await playwrightRequest.newContext();
  try {
    const since = portal.mails().length;
    // Every code needs a captcha answer of its own, and so does the registration.
    await visitor.get(`${portal.url}/api/captcha.jpg`);
    await visitor.get(
      `${portal.url}/api/auth/emailCode?email=${encodeURIComponent(email)}&code=${portal.latestCaptcha()}`,
    );
    const emailCode = codeIn(await nextMailTo(portal, email, since));
    await visitor.get(`${portal.url}/api/captcha.jpg`);
    const answer = await visitor.post(`${portal.url}/api/auth/register?code=${portal.latestCaptcha()}`, {
      data: {
        account,
        password,
        confirm: password,
        nickName: account,
        name: '',
        email,
        emailCode,
        company: 'E2E Co.',
        industry: 'other',
      },
    });
    const body = (await answer.json()) as { success: boolean; message: string };
    if (!body.success) throw new Error(`registration of ${account} failed: ${body.message}`);
  } finally {
    await visitor.dispose();
  }
}
