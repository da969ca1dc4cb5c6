import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORDS, type Portal, signInThroughPage, useConsoleSuite } from './support/console';
import { accessibilityFindings } from './support/page-checks';
import { openSignedIn } from './support/session';

type DeviceCode = {
  device_code: string;
  user_code: string;
  verification_uri_complete: string;
  interval: number;
};
const GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** What `fwportal login` sends first: a device code and the user code to approve. */
async function requestCode(portal: Portal): Promise<DeviceCode> {
  const answer = await fetch(`${portal.url}/api/device/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'fwportal', client_host: 'rack-12-jump', scope: 'download' }),
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as DeviceCode;
}

/** When each device code's last poll was answered (after the portal recorded it). */
const lastPollAnswered = new Map<string, number>();

/** One poll of the token endpoint, as the command line makes it. */
async function poll(portal: Portal, code: DeviceCode) {
  const answer = await fetch(`${portal.url}/api/device/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: GRANT, device_code: code.device_code }).toString(),
  });
  const body = (await answer.json()) as Record<string, unknown>;
  lastPollAnswered.set(code.device_code, Date.now());
  return { status: answer.status, body };
}

/**
 * Waits until the code's interval has passed since its last poll, as the command line does: a
 * sooner poll would be answered slow_down (RFC 8628 §3.5). The time spent signing in and approving
 * meanwhile counts, as it does for the command line.
 */
async function pollInterval(code: DeviceCode) {
  const due = (lastPollAnswered.get(code.device_code) ?? 0) + code.interval * 1000;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
}

/** The link the command line prints, on this portal (PUBLIC_URL is not set in the test portal). */
const linkPath = (code: DeviceCode) => {
  const link = new URL(code.verification_uri_complete);
  return `${link.pathname}${link.search}`;
};

const waitForRequest = (page: Page) => page.getByTestId('device-request').waitFor();

describe('device sign-in of a command-line client in Chromium', () => {
  const suite = useConsoleSuite();

  it('the link leads through sign-in (captcha and all) to the code, approved there: the next poll gets the token', async () => {
    const { portal } = suite;
    const code = await requestCode(portal);
    expect(await poll(portal, code)).toEqual({ status: 400, body: { error: 'authorization_pending' } });

    const page = await suite.newPage();
    await page.goto(`${portal.url}${linkPath(code)}`);
    // Not signed in: the sign-in page, which brings the person back to the link afterwards.
    await page.waitForURL(/\/user\/login\?redirect=/);
    await signInThroughPage(page, portal, 'demo');
    await waitForRequest(page);
    expect(new URL(page.url()).pathname).toBe('/device');
    const details = await page.getByTestId('device-request').innerText();
    for (const shown of [code.user_code, 'fwportal', 'rack-12-jump', '127.0.0.1'])
      expect(details).toContain(shown);
    expect(await page.getByRole('checkbox', { name: /^Download/ }).isChecked()).toBe(true);
    expect(await page.title()).toContain('Sign in a command-line client');
    expect(await accessibilityFindings(page, 'main')).toEqual([]);

    await page.getByRole('checkbox', { name: /^Read the catalog/ }).check();
    await page.getByTestId('device-approve').click();
    await page.getByTestId('device-done').getByText('Approved').waitFor();
    expect(await accessibilityFindings(page, 'main')).toEqual([]);

    await pollInterval(code);
    const issued = await poll(portal, code);
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({
      token_type: 'Bearer',
      account: 'demo',
      scope: 'download catalog:read',
    });
    const token = String(issued.body.access_token);
    const catalog = await fetch(`${portal.url}/api/catalog/models`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(catalog.status).toBe(200);
    // The device code is spent.
    await pollInterval(code);
    expect((await poll(portal, code)).body).toEqual({ error: 'invalid_grant' });
  });

  it('in Chinese: a typed code, denied, and the command line is told so', async () => {
    const { portal } = suite;
    const code = await requestCode(portal);
    const page = await suite.newPage({ locale: 'zh-CN' });
    await openSignedIn(page, portal, 'demo', PASSWORDS.demo, '/device');
    await page.getByTestId('device-user-code').fill(code.user_code.toLowerCase());
    await page.getByTestId('device-continue').click();
    await waitForRequest(page);
    expect(await page.getByText('请求登录的客户端').count()).toBe(1);
    expect(await accessibilityFindings(page, 'main')).toEqual([]);
    await page.getByTestId('device-deny').click();
    await page.getByTestId('device-done').getByText('已拒绝').waitFor();
    expect(await poll(portal, code)).toEqual({ status: 400, body: { error: 'access_denied' } });
  });
});
