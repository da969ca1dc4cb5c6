import type { LoginUser, MenuNode } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { paths } from '../../apps/web/src/config/paths';
import { type Account, chooseLanguage, type ConsoleSuite, type UiLocale, waitForConsole } from './console';
import { axeFindings, pageFitsWindow, phoneLayoutProblems, settle, VIEWPORTS } from './page-checks';

/** Chinese first: a first visit from a Chinese browser, then the header's switch to English. */
export const LOCALES: readonly UiLocale[] = ['zh-CN', 'en-US'];

/**
 * Collects the findings of a tour as readable lines (language, path, rule, targets), so a
 * failing run names every violation at once instead of stopping at the first page.
 */
export function createReport() {
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
export async function navigate(page: Page, path: string, menus: readonly MenuNode[]) {
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
export async function loginUser(page: Page, portalUrl: string, locale: UiLocale): Promise<LoginUser> {
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
export function tabInSight(tab: Locator): Promise<boolean> {
  return tab.evaluate((element) => {
    const own = element.getBoundingClientRect();
    const bar = element.closest('.ant-tabs-nav-wrap')?.getBoundingClientRect();
    if (!bar || own.left < bar.left - 1 || own.right > bar.right + 1) return false;
    return element.contains(document.elementFromPoint(own.left + own.width / 2, own.top + own.height / 2));
  });
}

/** Every route of a menu list, hidden ones included; external links are other sites. */
export const menuPaths = (menus: readonly MenuNode[]) => [
  ...new Set(menus.filter((menu) => !menu.meta.target).map((menu) => menu.path)),
];

/**
 * Every menu route of every application of `account`, in both languages, reached as a menu click
 * reaches it: axe's serious and critical findings as lines, and on a phone a page wider than it and
 * the layout faults of issue 42 §3 (phoneLayoutProblems: card titles, chart labels, page titles).
 * The application tabs are the desktop header's: on a phone the tour switches there, then narrows
 * the window to a phone's, which the console follows (its layout reads media queries).
 */
export async function tourMenuRoutes(
  suite: ConsoleSuite,
  account: Account,
  device: keyof typeof VIEWPORTS,
): Promise<string[]> {
  const report = createReport();
  const page = await suite.openConsole(account, paths.home, { locale: 'zh-CN' });
  const { apps } = await loginUser(page, suite.portal.url, 'zh-CN');
  expect(apps.length, 'applications of the user').toBeGreaterThan(0);
  for (const locale of LOCALES) {
    if (locale !== 'zh-CN') await chooseLanguage(page, locale);
    for (const app of apps) {
      if (device === 'phone') await page.setViewportSize(VIEWPORTS.desktop.viewport);
      await page.getByTestId(`app-tab-${app.code}`).click();
      await expect
        .poll(async () => (await loginUser(page, suite.portal.url, locale)).apps)
        .toContainEqual(expect.objectContaining({ code: app.code, active: true }));
      const { menus } = await loginUser(page, suite.portal.url, locale);
      const routes = menuPaths(menus);
      expect(routes.length, `routes of ${app.code}`).toBeGreaterThan(0);
      if (device === 'phone') await page.setViewportSize(VIEWPORTS.phone.viewport);
      for (const route of routes) {
        await navigate(page, route, menus);
        await report.check(page, locale, `${app.code} ${route}${device === 'phone' ? ', phone' : ''}`);
        if (device !== 'phone') continue;
        if (!(await pageFitsWindow(page))) report.lines.push(`[${locale}] ${route}: wider than the phone`);
        for (const problem of await phoneLayoutProblems(page))
          report.lines.push(`[${locale}] ${route}: ${problem}`);
      }
    }
  }
  return report.lines;
}
