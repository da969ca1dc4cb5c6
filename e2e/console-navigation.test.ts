import type { LoginUser } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pathOf, useConsoleSuite, waitForConsole } from './support/console';
import { apiAs } from './support/api';

describe('console navigation between applications in Chromium', () => {
  const suite = useConsoleSuite();

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
    // The admin's active application is the downloads one (the test above ends there), as the
    // server says: the link is opened straight away, not after a first page of that application.
    const api = await apiAs(suite, 'admin');
    const user = await api<LoginUser>('GET', '/getLoginUser');
    expect(user.apps.find((app) => app.active)?.code).toBe('mirror');
    const page = await suite.openConsole('admin', '/system/role');
    await page.getByTestId('page-header').getByText('Roles').first().waitFor();
    expect(pathOf(page)).toBe('/system/role');
    const activeTab = page.getByTestId('app-tabs').getByRole('tab', { selected: true });
    expect(await activeTab.innerText()).toBe('System');
    // A path no application has still goes to the home page of the active one (spec 2).
    await page.goto(`${suite.portal.url}/no/such/page`);
    await page.waitForURL(/\/system\/user$|\/homePage$/);
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
