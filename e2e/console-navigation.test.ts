import { type Page, request as playwrightRequest } from 'playwright-core';
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
import { apiAs } from './support/api';
import { signInThroughApi } from './support/session';
import { CUSTOMER_MENU } from './support/ui-text';

describe('console navigation in Chromium', () => {
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

  it('switches the admin between applications with the header tabs and the switch dialog', async () => {
    const api = await apiAs(suite, 'admin');
    try {
      const page = await suite.openConsole('admin', '/');
      await page.waitForURL(/\/homePage$/);
      const menu = page.getByTestId('nav-menu-horizontal');
      await menu.getByRole('link', { name: 'Home Page' }).waitFor();

      await page.getByTestId('app-tab-system').click();
      await page.waitForURL(/\/system\/user$/);
      await menu.getByText('System management').waitFor();
      expect(await menu.innerText()).not.toContain('Home Page');
      await page.getByTestId('users-page').getByText('Users').first().waitFor();
      expect(await page.getByTestId('page-header').innerText()).toContain('Users');
      const activeTab = page.getByTestId('app-tabs').getByRole('tab', { selected: true });
      expect(await activeTab.innerText()).toBe('System');
      expect(await storedActiveApps(page)).toEqual(['system']);

      // The top menu lists the system pages too (open the group to see them).
      const group = menu.getByRole('button', { name: 'System management' });
      await group.click();
      const popup = page.locator(`#${await group.getAttribute('aria-controls')}`);
      for (const title of ['Users', 'Roles', 'Menus', 'Dictionaries']) {
        await popup.getByRole('link', { name: title }).waitFor();
      }
      await page.keyboard.press('Escape');
      await popup.waitFor({ state: 'hidden' });

      // The server remembers the active application: a reload stays in it.
      await page.reload();
      await waitForConsole(page);
      await menu.getByText('System management').waitFor();
      expect(pathOf(page)).toBe('/system/user');

      // Choosing again is harmless: under a busy CI run a click landed once while the dialog was
      // still opening, and nothing switched.
      for (let attempt = 1; ; attempt += 1) {
        await page.getByTestId('app-switch-button').click();
        await page.getByTestId('app-switch-dialog').waitFor();
        await page.getByTestId('app-switch-option-mirror').click();
        try {
          await page.waitForURL(/\/homePage$/, { timeout: 5_000 });
          break;
        } catch (error) {
          if (attempt === 3) throw error;
          await page.keyboard.press('Escape');
        }
      }
      await page.getByTestId('app-switch-dialog').waitFor({ state: 'hidden' });
      await menu.getByRole('link', { name: 'Home Page' }).waitFor();
      expect(await menu.innerText()).not.toContain('System management');
      expect(await activeTab.innerText()).toBe('Downloads');
      expect(await storedActiveApps(page)).toEqual(['mirror']);
    } finally {
      // The server keeps the active application: a retry must start in the downloads one.
      await api('POST', '/sysMenu/change', { application: 'mirror' });
    }
  });

  it("opens a deep link to another application's page by switching to that application", async () => {
    // The admin's active application is the downloads one (the test above ends there).
    const page = await suite.openConsole('admin', '/homePage');
    await page.getByTestId('nav-menu-horizontal').getByRole('link', { name: 'Home Page' }).waitFor();
    await page.goto(`${suite.portal.url}/system/role`);
    await page.getByTestId('page-header').getByText('Roles').first().waitFor();
    expect(pathOf(page)).toBe('/system/role');
    const activeTab = page.getByTestId('app-tabs').getByRole('tab', { selected: true });
    expect(await activeTab.innerText()).toBe('System');
    // A path no application has still goes to the home page of the active one (spec 2).
    await page.goto(`${suite.portal.url}/no/such/page`);
    await page.waitForURL(/\/system\/user$|\/homePage$/);
  });

  it.each([
    ['403', /no permission to access this page/i],
    ['404', /does not exist or is still under development/i],
    ['500', /something went wrong on the server/i],
  ])('shows the %s page with its message and a way back to the console home', async (status, message) => {
    const page = await suite.openConsole('demo', '/homePage');
    await page.goto(`${suite.portal.url}/${status}`);
    const errorPage = page.getByTestId(`error-page-${status}`);
    await errorPage.waitFor();
    expect(await errorPage.innerText()).toMatch(message);
    await errorPage.getByRole('button', { name: 'Back to the console' }).click();
    await page.getByTestId('welcome-page').waitFor();
    expect(pathOf(page)).toBe('/welcome');
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

/** Codes of the applications marked active in the stored list (`portal.apps`). */
async function storedActiveApps(page: Page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem('portal.apps');
    const apps = raw ? (JSON.parse(raw) as { value: { code: string; active: boolean }[] }).value : [];
    return apps.filter((app) => app.active).map((app) => app.code);
  });
}
