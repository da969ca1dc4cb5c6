import { expect } from 'vitest';
import { request as playwrightRequest, type Page } from 'playwright-core';
import { mailText } from '../../apps/server/src/test/smtp-receiver';
import type { Portal } from './console';
import { ADMIN_PASSWORD } from './portal';
import { signInThroughApi } from './session';

/**
 * Waits for the next mail to `address` after the first `since` mails and returns its decoded
 * text (nodemailer may quoted-printable or base64 encode it).
 */
export async function nextMailTo(portal: Portal, address: string, since: number): Promise<string> {
  const find = () =>
    portal
      .mails()
      .slice(since)
      .find((mail) => mail.to.includes(address));
  await expect.poll(() => find() !== undefined, { message: `a mail to ${address}` }).toBe(true);
  return mailText(find()?.raw ?? '');
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

interface OutboxAnswer {
  data: { rows: { recipient: string; body: string }[] };
}

/**
 * The code of the latest SMS to `phone`. The logging SMS driver only writes the staff outbox,
 * so a staff member (admin) reads it there through the API, in a request context of its own
 * (sharing the page's cookies would replace the captcha the page shows).
 */
export async function latestSmsCode(portal: Portal, phone: string): Promise<string> {
  const staff = await playwrightRequest.newContext();
  try {
    const token = await signInThroughApi(staff, portal, 'admin', ADMIN_PASSWORD);
    const answer = await staff.get(`${portal.url}/api/sysMessage/outbox?channel=sms&pageNo=1&pageSize=10`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { data } = (await answer.json()) as OutboxAnswer;
    const sms = data.rows.find((row) => row.recipient === phone);
    if (!sms) throw new Error(`no SMS to ${phone} in the outbox`);
    return codeIn(sms.body);
  } finally {
    await staff.dispose();
  }
}

/** Waits until the captcha image on the page has loaded, so the recorded answer is the one shown. */
export async function captchaAnswer(page: Page, portal: Portal): Promise<string> {
  await page.getByTestId('captcha-image').waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="captcha-image"]');
    return Boolean(img?.complete && img.naturalWidth > 0);
  });
  return portal.latestCaptcha();
}

/**
 * Asks the page for a new captcha image (a click on it) and returns its answer. For forms filled
 * after other captchas were drawn (e.g. a staff sign-in to read an SMS), whose answer is then
 * the latest recorded one no more.
 */
export async function freshCaptchaAnswer(page: Page, portal: Portal): Promise<string> {
  const image = page.getByTestId('captcha-image');
  const previous = await image.getAttribute('src');
  await image.click();
  await page.waitForFunction((old) => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="captcha-image"]');
    return Boolean(img && img.getAttribute('src') !== old && img.complete && img.naturalWidth > 0);
  }, previous);
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
    await visitor.get(`${portal.url}/api/auth/emailCode?email=${encodeURIComponent(email)}`);
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
