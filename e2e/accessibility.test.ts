import type { LoginUser, MenuNode } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import {
  type Account,
  chooseLanguage,
  type UiLocale,
  useConsoleSuite,
  waitForConsole,
} from './support/console';
import { axeFindings, pageFitsWindow, settle, VIEWPORTS } from './support/page-checks';

/** Chinese first: a first visit from a Chinese browser, then the header's switch to English. */
const LOCALES: readonly UiLocale[] = ['zh-CN', 'en-US'];

/** The pages reachable signed out (the sign-in type pages and the error pages). */
const PUBLIC_PAGES = [
  paths.login,
  paths.register,
  paths.registerResult,
  paths.recover,
  paths.passwordLinkExpired,
  paths.overseasDownload,
  paths.overseasDownloadImsCli,
  // The disclosure policy and its report form (issue 43 §4).
  paths.disclosure,
  paths.forbidden,
  paths.notFound,
  paths.serverError,
];

const OVERSEAS_PAGES: ReadonlySet<string> = new Set([paths.overseasDownload, paths.overseasDownloadImsCli]);

/** The header buttons that open a dialog or drawer, and that popup. */
const HEADER_POPUPS = [
  { opener: 'settings-button', popup: '[data-testid="setting-copy"]' },
  { opener: 'release-notes-button', popup: '[data-testid="release-notes-modal"]' },
  { opener: 'app-switch-button', popup: '[data-testid="app-switch-dialog"]' },
] as const;

/**
 * Collects the findings of a tour as readable lines (language, path, rule, targets), so a
 * failing run names every violation at once instead of stopping at the first page.
 */
function createReport() {
  const lines: string[] = [];
  return {
    lines,
    async check(page: Page, locale: UiLocale, route: string) {
      await settle(page);
      expect(await page.locator('html').getAttribute('lang'), `<html lang> on ${route}`).toBe(locale);
      for (const { id, impact, help, targets } of await axeFindings(page)) {
        lines.push(`[${locale}] ${route}: ${id} (${impact}, ${help}) at ${targets.join(' | ')}`);
      }
    },
  };
}

/**
 * Client-side navigation (as a menu click does), so a tour does not reload the console per page.
 * The router keeps the previous page on screen while the next one's code loads, so this waits
 * until the document title is the menu title of the address (after any redirect).
 */
async function navigate(page: Page, path: string, menus: readonly MenuNode[]) {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // Empty once the page is there; meanwhile what shows instead (named in a failure).
  await expect
    .poll(
      async () => {
        const shown = await page.evaluate(() => ({ path: location.pathname, title: document.title }));
        const menuTitle = menus.find((menu) => menu.path === shown.path)?.meta.title;
        if (menuTitle === undefined || shown.title.startsWith(`${menuTitle} - `)) return '';
        return `${shown.path} titled "${shown.title}", not "${menuTitle}"`;
      },
      // A page's code loads on its first visit, which takes seconds on a busy machine.
      { message: `the page of ${path} is shown`, timeout: 20_000 },
    )
    .toBe('');
  await waitForConsole(page);
}

/** The signed-in user as the API answers it in `locale` (menus of the active application). */
async function loginUser(page: Page, portalUrl: string, locale: UiLocale): Promise<LoginUser> {
  const token = await page.evaluate(() => {
    const stored = localStorage.getItem('portal.accessToken');
    return stored === null ? '' : (JSON.parse(stored) as { value: string }).value;
  });
  const answer = await page.context().request.get(`${portalUrl}/api/getLoginUser`, {
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': locale },
  });
  return ((await answer.json()) as { data: LoginUser }).data;
}

/**
 * Whether a tab shows whole where it is, as a person sees it: inside the visible part of its
 * tab bar, not folded into antd's "···" menu or scrolled out of sight, and not covered.
 */
function tabInSight(tab: Locator): Promise<boolean> {
  return tab.evaluate((element) => {
    const own = element.getBoundingClientRect();
    const bar = element.closest('.ant-tabs-nav-wrap')?.getBoundingClientRect();
    if (!bar || own.left < bar.left - 1 || own.right > bar.right + 1) return false;
    return element.contains(document.elementFromPoint(own.left + own.width / 2, own.top + own.height / 2));
  });
}

/** Every route of a menu list, hidden ones included; external links are other sites. */
const menuPaths = (menus: readonly MenuNode[]) => [
  ...new Set(menus.filter((menu) => !menu.meta.target).map((menu) => menu.path)),
];

describe('accessibility (axe-core, WCAG 2.1 A/AA, no serious or critical violation)', () => {
  const suite = useConsoleSuite();

  it('public pages in Chinese and English', { timeout: 120_000 }, async () => {
    const report = createReport();
    const page = await suite.newPage({ locale: 'zh-CN' });
    for (const locale of LOCALES) {
      for (const path of PUBLIC_PAGES) {
        // The public pages make their few requests at once (no polling): all of them are answered.
        await page.goto(`${suite.portal.url}${path}`, { waitUntil: 'networkidle' });
        if (locale !== 'zh-CN' && path === paths.login) await chooseLanguage(page, locale);
        // The overseas lists with a row's checksums open: the details and their copy buttons too.
        if (OVERSEAS_PAGES.has(path)) {
          await page
            .locator('[data-testid="overseas-table"] tbody button[aria-expanded="false"]')
            .first()
            .click();
          await page.locator('[data-testid^="row-sha256-"]').waitFor();
        }
        await report.check(page, locale, path);
      }
    }
    expect(report.lines).toEqual([]);
  });

  it.each<Account>(['demo', 'admin'])(
    'every menu route of every application of %s, in Chinese and English',
    { timeout: 240_000 },
    async (account) => {
      const report = createReport();
      const page = await suite.openConsole(account, paths.home, { locale: 'zh-CN' });
      const { apps } = await loginUser(page, suite.portal.url, 'zh-CN');
      expect(apps.length, 'applications of the user').toBeGreaterThan(0);
      for (const locale of LOCALES) {
        if (locale !== 'zh-CN') await chooseLanguage(page, locale);
        for (const app of apps) {
          await page.getByTestId(`app-tab-${app.code}`).click();
          await expect
            .poll(async () => (await loginUser(page, suite.portal.url, locale)).apps)
            .toContainEqual(expect.objectContaining({ code: app.code, active: true }));
          const { menus } = await loginUser(page, suite.portal.url, locale);
          const routes = menuPaths(menus);
          expect(routes.length, `routes of ${app.code}`).toBeGreaterThan(0);
          for (const route of routes) {
            await navigate(page, route, menus);
            await report.check(page, locale, `${app.code} ${route}`);
          }
        }
      }
      expect(report.lines).toEqual([]);
    },
  );

  it(
    "the software page's licence subpages (activate, maintenance, trial), in Chinese and English",
    {
      timeout: 120_000,
    },
    async () => {
      // Tabs inside a menu route: the menu tour sees only each route's first tab (issue 32 §4).
      const report = createReport();
      const page = await suite.openConsole('demo', paths.home, { locale: 'zh-CN' });
      for (const locale of LOCALES) {
        if (locale !== 'zh-CN') await chooseLanguage(page, locale);
        const { menus } = await loginUser(page, suite.portal.url, locale);
        for (const sub of ['activate', 'maintenance', 'trial']) {
          const route = `${paths.softwareDownload}?sub=${sub}`;
          await navigate(page, route, menus);
          await page.getByRole('tab', { selected: true }).last().waitFor();
          await report.check(page, locale, route);
          if (sub === 'maintenance') continue;
          // The form as a customer meets it: a serial number chosen, then sent incomplete.
          const mode = sub === 'activate' ? 'code' : 'trial';
          const form = page.getByTestId(`activation-form-${mode}`);
          await form.getByTestId('activation-sn').click();
          await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
          await page.getByTestId(`activation-submit-${mode}`).click();
          await form.locator('.ant-form-item-explain-error').first().waitFor();
          await report.check(page, locale, `${route} (filled in part, sent)`);
        }
      }
      expect(report.lines).toEqual([]);
    },
  );

  it(
    'the licence subpages on a 390 px phone, each reached by its tab, in Chinese and English',
    { timeout: 120_000 },
    async () => {
      // Audited on a phone: at 390 px antd folded the tabs that did not fit (Trial among them) into a
      // "···" menu whose button sits inside the role="tablist" (aria-required-children), and the
      // entitlements, a table of plain text scrolling sideways, were out of the keyboard's reach
      // (scrollable-region-focusable). The desktop test above saw neither.
      const report = createReport();
      const page = await suite.openConsole('demo', paths.softwareDownload, {
        ...VIEWPORTS.phone,
        locale: 'zh-CN',
      });
      for (const locale of LOCALES) {
        if (locale !== 'zh-CN') await chooseLanguage(page, locale);
        for (const sub of ['activate', 'maintenance', 'trial']) {
          const tab = page.locator(`.ant-tabs-tab[data-node-key="${sub}"] [role="tab"]`);
          expect(await tabInSight(tab), `the ${sub} tab in sight (${locale})`).toBe(true);
          await tab.click();
          await page.getByTestId(`licence-${sub}`).waitFor();
          await report.check(page, locale, `${paths.softwareDownload}, ${sub} tab, phone`);
          // The maintenance subpage's 320 px select widened the page to 417 px.
          expect(await pageFitsWindow(page), `the ${sub} tab fits the window (${locale})`).toBe(true);
        }
      }
      expect(report.lines).toEqual([]);
    },
  );

  it('the account settings sections on a 390 px phone, each reached by its menu entry, in Chinese and English', async () => {
    // Audited on a phone: antd's horizontal menu hid the sections that did not fit in an overflow
    // whose links stayed focusable (aria-hidden-focus); every section must be in sight instead.
    const report = createReport();
    const page = await suite.openConsole('demo', `${paths.accountSettings}/base`, {
      ...VIEWPORTS.phone,
      locale: 'zh-CN',
    });
    const menu = page.getByTestId('account-settings-menu');
    await menu.waitFor();
    for (const locale of LOCALES) {
      if (locale !== 'zh-CN') await chooseLanguage(page, locale);
      const links = menu.locator('a[href^="/account/settings/"]');
      const hrefs = await links.evaluateAll((anchors) =>
        anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
      );
      expect(hrefs.length, 'settings sections').toBeGreaterThan(3);
      for (const href of hrefs) {
        const link = menu.locator(`a[href="${href}"]`);
        expect(await link.isVisible(), `${href} in sight (${locale})`).toBe(true);
        await link.click();
        await page.waitForURL(`**${href}`);
        await report.check(page, locale, `${href}, phone`);
        expect(await pageFitsWindow(page), `${href} fits the window (${locale})`).toBe(true);
      }
    }
    expect(report.lines).toEqual([]);
  });

  it('shows keyboard focus, checks the header popups and gives the focus back when they close', async () => {
    const report = createReport();
    const page = await suite.openConsole('admin', paths.welcome, { locale: 'en-US' });
    for (const { opener, popup } of HEADER_POPUPS) {
      const button = page.getByTestId(opener);
      await button.focus();
      const focusRing = await button.evaluate((element) => {
        const style = getComputedStyle(element);
        return (
          element.matches(':focus-visible') && style.outlineStyle !== 'none' && style.outlineWidth !== '0px'
        );
      });
      expect(focusRing, `focus ring on ${opener}`).toBe(true);
      await page.keyboard.press('Enter');
      await page.locator(popup).waitFor();
      await report.check(page, 'en-US', `${opener} popup`);
      await page.keyboard.press('Escape');
      await page.locator(popup).waitFor({ state: 'hidden' });
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), {
          message: `focus back on ${opener}`,
        })
        .toBe(opener);
    }
    expect(report.lines).toEqual([]);
  });
});
