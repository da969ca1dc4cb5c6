import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WELCOME_NOTICE } from '../../apps/server/src/db/seed/seed-data';
import {
  clickMenuLink,
  closeSettings,
  menuEntries,
  openSettings,
  type UiLocale,
  useConsoleSuite,
} from './console';
import { CUSTOMER_MENU, foreignTexts } from './ui-text';

/** Texts the tour looks for, per language (menu titles come from the server, the rest from the app). */
const TEXTS = {
  'en-US': {
    menu: CUSTOMER_MENU['en-US'],
    featurePages: {
      '/mirror/custmirrordownload': 'Firmware download',
      '/tools/toolsdownload': 'Software download',
      '/erp_tool': 'ERP tools',
    },
    center: 'Personal center',
    settings: 'Account settings',
    notice: WELCOME_NOTICE.title.en,
    versionInfo: 'Version information',
    notFound: 'Page not found',
  },
  'zh-CN': {
    menu: CUSTOMER_MENU['zh-CN'],
    featurePages: {
      '/mirror/custmirrordownload': '固件下载',
      '/tools/toolsdownload': '软件下载',
      '/erp_tool': 'ERP 工具',
    },
    center: '个人中心',
    settings: '账号设置',
    notice: WELCOME_NOTICE.title.zh,
    versionInfo: '版本信息',
    notFound: '页面不存在',
  },
} as const;

/** The menu pages in the order of the tour: position in the menu, path, and what shows that the page is there. */
const MENU_TOUR = [
  { entry: 2, path: '/mirror/custmirrordownload', ready: 'firmware-download' },
  { entry: 3, path: '/tools/toolsdownload', ready: 'software-download' },
  { entry: 6, path: '/erp_tool', ready: 'erp-tool' },
  { entry: 0, path: '/homePage', ready: 'user-apps' },
  { entry: 1, path: '/welcome', ready: 'welcome-page' },
] as const;
const SETTINGS_SECTIONS = [
  'base',
  'security',
  'custom',
  'binding',
  'notification',
  'apiTokens',
  'feeds',
  'webhooks',
];
/** The address of a section: its key in kebab case (apiTokens -> api-tokens), as the seed makes it. */
const settingsSlug = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * A test file of the console in `locale` (console-i18n-en and -zh: one language a file, so that
 * neither passes 20 s, issue 41), on the shared portal: it only reads.
 */
export function describeConsoleInLanguage(locale: UiLocale) {
  describe(`the console in ${locale} in Chromium`, () => {
    const suite = useConsoleSuite({ shared: true });

    it(`renders the main pages and popups in ${locale} without missing keys, errors or foreign texts`, async () => {
      const text = TEXTS[locale];
      // The browser's language picks the UI language on a first visit (spec 1).
      const page = await suite.openConsole('demo', '/welcome', { locale });
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);
      const leaks: Record<string, string[]> = {};
      const checkpoint = async (stop: string) => {
        const foreign = await foreignTexts(page, locale);
        if (foreign.length > 0) leaks[stop] = foreign;
      };

      await page.getByTestId('welcome-page').waitFor();
      const nav = page.getByTestId('nav-menu-horizontal');
      await nav.getByRole('link', { name: text.menu[0], exact: true }).waitFor();
      expect(await menuEntries(nav)).toEqual(text.menu);
      await checkpoint('welcome');

      // Every menu page, through the menu.
      for (const { entry, path, ready } of MENU_TOUR) {
        await clickMenuLink(nav, text.menu[entry]);
        await page.waitForURL((url) => url.pathname === path);
        await expect.poll(() => page.getByTestId('page-header').innerText()).toContain(text.menu[entry]);
        await page.getByTestId(ready).waitFor();
        const title = text.featurePages[path as keyof typeof text.featurePages];
        if (title) await page.getByTestId(ready).getByText(title).first().waitFor();
        await checkpoint(path);
      }

      // The account pages, through the user menu.
      await openUserMenuEntry(page, text.center);
      const center = page.getByTestId('account-center');
      await center.waitFor();
      for (const tab of await center.getByRole('tab').all()) {
        await tab.click();
        await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
        await checkpoint(`center ${await tab.innerText()}`);
      }
      await openUserMenuEntry(page, text.settings);
      await page.getByTestId('settings-section-security').waitFor();
      for (const section of SETTINGS_SECTIONS) {
        await page
          .getByTestId('account-settings-menu')
          .locator(`a[href="/account/settings/${settingsSlug(section)}"]`)
          .click();
        await page.getByTestId(`settings-section-${section}`).waitFor();
        await checkpoint(`settings ${section}`);
      }

      // The header's popups.
      await page.getByTestId('notice-icon').click();
      await page.getByTestId('notice-item').getByText(text.notice).waitFor();
      await checkpoint('notices');
      await page.getByTestId('notice-icon').click();
      await page.getByTestId('notice-popover').waitFor({ state: 'hidden' });

      await page.getByTestId('release-notes-button').click();
      const releaseNotes = page.getByTestId('release-notes-modal');
      await releaseNotes.getByTestId('release-note-item').nth(1).waitFor();
      expect(await page.locator('.ant-modal-title').filter({ visible: true }).innerText()).toBe(
        text.versionInfo,
      );
      await checkpoint('release notes');
      await page.keyboard.press('Escape');
      await releaseNotes.waitFor({ state: 'hidden' });

      await openSettings(page);
      await checkpoint('settings drawer');
      await closeSettings(page);

      await page.getByTestId('app-switch-button').click();
      await page.getByTestId('app-switch-dialog').waitFor();
      await checkpoint('application switch');
      await page.keyboard.press('Escape');
      await page.getByTestId('app-switch-dialog').waitFor({ state: 'hidden' });

      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout').waitFor();
      await checkpoint('user menu');
      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout').waitFor({ state: 'hidden' });

      await page.goto(`${suite.portal.url}/404`);
      await page.getByTestId('error-page-404').getByText(text.notFound, { exact: true }).waitFor();
      await checkpoint('404');

      expect(leaks, 'texts of the other language').toEqual({});
      // Stricter than the suite's own check: no console error of any kind during the tour.
      expect(suite.problemsOf(page)).toEqual({ pageErrors: [], consoleErrors: [] });
    });
  });
}

/** Opens the header's user menu and chooses the entry named `name`. */
async function openUserMenuEntry(page: Page, name: string) {
  await page.getByTestId('user-menu').click();
  const entry = page.getByRole('menuitem').filter({ hasText: name });
  await entry.click();
  await entry.waitFor({ state: 'hidden' });
}
