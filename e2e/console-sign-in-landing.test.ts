import { request as playwrightRequest } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  clickMenuLink,
  menuEntries,
  PASSWORDS,
  pathOf,
  signInThroughPage,
  useConsoleSuite,
  waitForConsole,
} from './support/console';
import { signInThroughApi } from './support/session';
import { CUSTOMER_MENU } from './support/ui-text';

describe('where signing in to the console lands in Chromium', () => {
  const suite = useConsoleSuite();

  it('signs in through the page and lands on the first menu route of the active application', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.portal.url}/user/login`);
    await signInThroughPage(page, suite.portal, 'demo');
    await page.waitForURL(/\/homePage$/);
    await waitForConsole(page);

    const menu = page.getByTestId('nav-menu-horizontal');
    await menu.getByRole('link', { name: 'Home Page' }).waitFor();
    expect(await menuEntries(menu)).toEqual(CUSTOMER_MENU['en-US']);
    expect(await page.getByTestId('page-header').innerText()).toContain('Home Page');
    const header = await page.getByTestId('global-header').boundingBox();
    expect(header?.height).toBe(48);

    // The logo leads to the console home (spec 2), without reloading the app.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByTestId('logo').click();
    await page.getByTestId('welcome-page').waitFor();
    expect(pathOf(page)).toBe('/welcome');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    // At 1440 px the English entries do not all fit beside the header's tabs and tools: the
    // last ones fold into a "…" group (antd's horizontal menu), and the row never scrolls sideways.
    const row = menu.locator(':scope > ul');
    expect(await row.evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
    const more = menu.getByTestId('nav-menu-more');
    expect(await more.isVisible()).toBe(true);
    await clickMenuLink(menu, 'Agile Customization');
    await page.waitForURL(/\/erp_tool$/);
    await page.getByTestId('erp-tool').waitFor();
    // Wider, everything fits again and the "…" goes away.
    await page.setViewportSize({ width: 1920, height: 900 });
    await more.waitFor({ state: 'hidden' });
    await menu.getByRole('link', { name: 'Agile Customization', exact: true }).waitFor();
  });

  it('signs in with a token link and opens the requested tool, in the language of the link', async () => {
    const api = await playwrightRequest.newContext();
    const token = await signInThroughApi(api, suite.portal, 'demo', PASSWORDS.demo).finally(() =>
      api.dispose(),
    );
    // A Chinese browser: only the link's locale=en makes the console English.
    const page = await suite.newPage({ locale: 'zh-CN' });
    await page.goto(
      `${suite.portal.url}/tools/toolsdownload?token=${encodeURIComponent(token)}&locale=en&tool=uKits`,
    );
    await page.waitForURL((url) => url.pathname === '/tools_download');
    await waitForConsole(page);
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByTestId('requested-tool').innerText()).toContain('uKits');
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    await page.getByTestId('nav-menu-horizontal').getByRole('link', { name: 'Home Page' }).waitFor();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('portal.accessToken'),
      tool: localStorage.getItem('portal.requestTool'),
    }));
    const entry = JSON.parse(stored.token ?? '{}') as { value?: string; expiresAt?: number };
    expect(entry.value).toBe(token);
    // Spec 4: the token of a link is kept for 7 days.
    const days = ((entry.expiresAt ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(JSON.parse(stored.tool ?? '{}')).toMatchObject({ value: 'uKits' });
  });

  it('sends a token link without a token to sign-in, then to the software download page', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.portal.url}/tools/toolsdownload?token=&locale=en&tool=uKits`);
    await page.waitForURL((url) => url.pathname === '/user/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/tools/toolsdownload');

    await signInThroughPage(page, suite.portal, 'demo');
    await page.waitForURL((url) => url.pathname === '/tools/toolsdownload');
    await waitForConsole(page);
    await page.getByTestId('software-download').getByText('Software download').first().waitFor();
  });
});
