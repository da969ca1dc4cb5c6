import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium';
import { startOwnPortal } from './support/console';
import { DEMO_PASSWORD, type startPortal } from './support/portal';

describe('signing in through the page in Chromium', () => {
  let portal: Awaited<ReturnType<typeof startPortal>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    portal = await startOwnPortal();
    chromium = await launchChromium();
  });
  afterAll(async () => {
    await context?.close();
    await portal?.close();
  });
  beforeEach(async () => {
    await context?.close();
    context = await chromium.browser.newContext({ locale: 'en-US' });
    page = await context.newPage();
  });

  /** Waits for the captcha image to load, so the recorded answer is the one on screen. */
  async function fillSignIn(account: string, password: string, captcha?: string) {
    const image = page.getByTestId('captcha-image');
    await image.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="captcha-image"]');
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    await page.locator('#account').fill(account);
    await page.locator('#password').fill(password);
    await page.locator('#captcha').fill(captcha ?? portal.latestCaptcha());
    await page.locator('button[type="submit"]').click();
  }

  /**
   * Signs out through the user menu and waits for the sign-in page. A sign-out the portal did not
   * answer within API_TIMEOUT_MS shows its error and stays signed in (spec 8): on loaded CI cores
   * that happened to both attempts of this test (CI-D waited 60 s at this step twice). So, as a
   * person would, it signs out again, at most three times; a failure names every message shown.
   */
  async function signOutThroughMenu(current: Page) {
    const notice = current.locator('.ant-message-notice').first();
    const shown: string[] = [];
    // What a failure names besides the messages (the cause of a rare CI failure is still unknown,
    // CI-E and CI-Q of 2026-12-05): the sign-out requests and how they ended, the page's errors.
    const trail: string[] = [];
    current.on('request', (request) => {
      if (request.url().includes('/logout')) trail.push(`GET /logout sent`);
    });
    current.on('requestfinished', async (request) => {
      if (request.url().includes('/logout'))
        trail.push(`GET /logout ${(await request.response())?.status() ?? 'no answer'}`);
    });
    current.on('requestfailed', (request) => {
      if (request.url().includes('/logout'))
        trail.push(`GET /logout failed: ${request.failure()?.errorText}`);
    });
    current.on('pageerror', (error) => trail.push(`page error: ${error.message}`));
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await current.getByTestId('user-menu').click();
      await current.getByTestId('logout').click();
      trail.push(`attempt ${attempt + 1}: sign-out clicked at ${current.url()}`);
      // The sign-out reloads the app on the sign-in page; what matters is that it goes there (the
      // full load of the new page took over 30 s once in CI under load).
      const signedOut = current
        .waitForURL(/\/user\/login/, { waitUntil: 'commit', timeout: 60_000 })
        .then(() => 'signed out' as const)
        .catch(() => 'nothing' as const);
      const refused = notice
        .waitFor({ timeout: 60_000 })
        .then(() => 'message' as const)
        .catch(() => 'nothing' as const);
      const outcome = await Promise.race([signedOut, refused]);
      if (outcome === 'signed out') return;
      if (outcome === 'nothing') break;
      shown.push(await notice.innerText().catch(() => '(gone before it was read)'));
      await notice.waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
    }
    throw new Error(
      `not on the sign-in page after signing out; messages shown: ${shown.join(' | ') || 'none'}; ` +
        `then: ${trail.join('; ')}; last at ${current.url()}`,
    );
  }

  // Four full page loads, the file's first on a cold browser: 60 s was passed once in CI (CI-Q)
  // on loaded cores, and the test passed on its retry.
  it(
    'sends a signed-out visitor to the login page, signs in, survives a reload and logs out',
    { timeout: 120_000 },
    async () => {
      await page.goto(`${portal.url}/homePage`);
      await page.waitForURL(/\/user\/login\?redirect=%2FhomePage/);
      expect(await page.title()).toContain('Server Firmware & Software Portal');

      await fillSignIn('demo', DEMO_PASSWORD);
      await page.waitForURL(/\/homePage$/);
      await expect.poll(() => page.getByTestId('current-user').textContent()).toContain('Demo');
      expect(await page.title()).toMatch(/ - Server Firmware & Software Portal$/);

      await page.reload();
      await page.getByTestId('current-user').waitFor();
      expect(page.url()).toMatch(/\/homePage$/);

      await signOutThroughMenu(page);
      await page.goto(`${portal.url}/homePage`);
      await page.waitForURL(/\/user\/login\?redirect=/);
    },
  );

  it('shows the server message for a wrong password and a wrong captcha, then succeeds', async () => {
    await page.goto(`${portal.url}/user/login`);
    await fillSignIn('demo', 'Wrong#Pass1');
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toMatch(/Wrong username or password/);

    await fillSignIn('demo', DEMO_PASSWORD, 'abcd');
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toMatch(/verification code is wrong/);

    await fillSignIn('demo', DEMO_PASSWORD);
    await page.waitForURL(/\/homePage$/);
  });

  it('brings a deep link opened while signed out back after sign-in, query included', async () => {
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.goto(`${portal.url}/account/center?tab=tasks`);
    await page.waitForURL(/\/user\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/account/center?tab=tasks');
    await fillSignIn('demo', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname !== '/user/login');
    // The centre page itself arrives with the console-shell issue; the guard must still have opened it.
    expect(visited.map((url) => url.replace(portal.url, ''))).toContain('/account/center?tab=tasks');

    await page.goto(`${portal.url}/homePage?tab=downloads`);
    await page.getByTestId('current-user').waitFor();
    expect(new URL(page.url()).search).toBe('?tab=downloads');
  });
});
