import type { Page } from 'playwright-core';
import type { startPortal } from './portal';

type Portal = Awaited<ReturnType<typeof startPortal>>;

/**
 * Signs in through the real API (captcha included, answered through the test
 * seam) and stores the token the way the web app does, then opens `path`.
 * For tests whose subject is not the sign-in page itself.
 */
export async function openSignedIn(
  page: Page,
  portal: Portal,
  account: string,
  password: string,
  path: string,
) {
  const request = page.context().request;
  await request.get(`${portal.url}/api/captcha.jpg`);
  const answer = await request.post(`${portal.url}/api/login?code=${portal.latestCaptcha()}`, {
    data: { account, password },
  });
  const body = (await answer.json()) as { success: boolean; message: string; data: { token: string } };
  if (!body.success) throw new Error(`sign-in of ${account} failed: ${body.message}`);
  await page.goto(`${portal.url}/404`);
  await page.evaluate((token) => {
    localStorage.setItem(
      'portal.accessToken',
      JSON.stringify({ value: token, expiresAt: Date.now() + 3_600_000 }),
    );
  }, body.data.token);
  await page.goto(`${portal.url}${path}`);
  return body.data.token;
}
