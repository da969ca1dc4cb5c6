import type { APIRequestContext, Page } from 'playwright-core';
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
  const token = await signInThroughApi(page.context().request, portal, account, password);
  // Any page of the portal's origin will do to write its storage: a small JSON answer, not the
  // console itself (booting the web app there only to leave it cost a full page load per test).
  await page.goto(`${portal.url}/api/health`);
  await page.evaluate((value) => {
    localStorage.setItem('portal.accessToken', JSON.stringify({ value, expiresAt: Date.now() + 3_600_000 }));
  }, token);
  await page.goto(`${portal.url}${path}`);
  return token;
}

/** Signs in through the real API (captcha answered through the test seam) and returns the token. */
export async function signInThroughApi(
  request: APIRequestContext,
  portal: Portal,
  account: string,
  password: string,
): Promise<string> {
  await request.get(`${portal.url}/api/captcha.jpg`);
  const answer = await request.post(`${portal.url}/api/login?code=${portal.latestCaptcha()}`, {
    data: { account, password },
  });
  const body = (await answer.json()) as { success: boolean; message: string; data: { token: string } };
  if (!body.success) throw new Error(`sign-in of ${account} failed: ${body.message}`);
  return body.data.token;
}
