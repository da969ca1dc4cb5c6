import type { LoginUser, MenuNode } from '@portal/contract';
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../apps/web/src/config/paths';
import {
  type Account,
  chooseLanguage,
  type ConsoleSuite,
  PASSWORDS,
  type UiLocale,
  useConsoleSuite,
  waitForConsole,
} from './console';
import {
  accessibilityFindings,
  axeFindings,
  type Device,
  openSettled,
  PAGE_TITLES,
  pageFitsWindow,
  phoneLayoutProblems,
  settle,
  titlesEndingAlone,
  VIEWPORTS,
} from './page-checks';
import { openSignedIn } from './session';

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
 * until the document title is the menu title of the address (after any redirect), in the
 * console frame. Watched frame by frame inside the page in one call: polling it from here took
 * a round trip to the browser every 50 ms, and three more to see the frame (issue 41).
 */
export async function navigate(page: Page, path: string, menus: readonly MenuNode[]) {
  const titles: Record<string, string> = {};
  for (const menu of menus) titles[menu.path] ??= menu.meta.title;
  // Empty once the page is there; meanwhile what shows instead (named in a failure).
  const shown = await page.evaluate(
    async ({ target, titles, timeout }) => {
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
      // As a locator's waitFor() sees it: a box of some size, not visibility: hidden.
      const inSight = (testId: string) => {
        const element = document.querySelector(`[data-testid="${testId}"]`);
        const box = element?.getBoundingClientRect();
        return (
          !!element &&
          !!box &&
          box.width > 0 &&
          box.height > 0 &&
          getComputedStyle(element).visibility !== 'hidden'
        );
      };
      const instead = () => {
        const menuTitle = titles[location.pathname];
        if (menuTitle !== undefined && !document.title.startsWith(`${menuTitle} - `))
          return `${location.pathname} titled "${document.title}", not "${menuTitle}"`;
        const missing = ['basic-layout', 'current-user'].filter((testId) => !inSight(testId));
        return missing.length > 0 ? `${location.pathname} without the console's ${missing.join(', ')}` : '';
      };
      const deadline = performance.now() + timeout;
      for (;;) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const now = instead();
        if (now === '' || performance.now() > deadline) return now;
      }
    },
    // A page's code loads on its first visit, which takes seconds on a busy machine.
    { target: path, titles, timeout: 20_000 },
  );
  expect(shown, `the page of ${path} is shown`).toBe('');
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
 * Which applications of an account a menu tour visits: the first half (the larger one when their
 * number is odd), the second, or all when none is named. A tour of every application of admin
 * stayed near 20 s a file on a slow machine (issue 41), so admin's tours are a file per half; the
 * halves are cut from the applications the API names at run time, so a new one lands in one.
 */
export type AppsHalf = 'first' | 'second';

/** The applications of `half` (all of them without one). */
function appsOf<T>(apps: readonly T[], half?: AppsHalf): readonly T[] {
  const middle = Math.ceil(apps.length / 2);
  if (half === 'first') return apps.slice(0, middle);
  if (half === 'second') return apps.slice(middle);
  return apps;
}

/**
 * Every menu route of every application of `account` (or of one `half` of them), in `locale`,
 * reached as a menu click reaches it: axe's serious and critical findings as lines, and on a phone
 * a page wider than it and the layout faults of issue 42 §3 (phoneLayoutProblems: card titles,
 * chart labels, page titles). Opened as a first visit from a Chinese browser, switched to English
 * by the header (LOCALES). The application tabs are the desktop header's: on a phone the tour
 * switches there, then narrows the window to a phone's, which the console follows (its layout
 * reads media queries).
 */
export async function tourMenuRoutes(
  suite: ConsoleSuite,
  account: Account,
  device: Device,
  locale: UiLocale,
  half?: AppsHalf,
): Promise<string[]> {
  const report = createReport();
  const page = await suite.openConsole(account, paths.home, { locale: 'zh-CN' });
  const { apps } = await loginUser(page, suite.portal.url, 'zh-CN');
  expect(apps.length, 'applications of the user').toBeGreaterThan(0);
  const toured = appsOf(apps, half);
  expect(toured.length, `applications of the ${half ?? 'whole'} tour`).toBeGreaterThan(0);
  if (locale !== 'zh-CN') await chooseLanguage(page, locale);
  for (const app of toured) {
    if (device === 'phone') await page.setViewportSize(VIEWPORTS.desktop.viewport);
    await page.getByTestId(`app-tab-${app.code}`).click();
    // The menus of the application once it is the active one (the tab's click saves that).
    let user: LoginUser | undefined;
    await expect
      .poll(async () => (user = await loginUser(page, suite.portal.url, locale)).apps)
      .toContainEqual(expect.objectContaining({ code: app.code, active: true }));
    const menus = user?.menus ?? [];
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
  return report.lines;
}

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

/**
 * Every public page in `locale`, each opened anew, in one page of a Chinese browser (English is
 * chosen on the sign-in page, the first): axe's findings as lines; the sign-in page's title at
 * 390 px is asserted on the way.
 */
export async function tourPublicPages(suite: ConsoleSuite, locale: UiLocale): Promise<string[]> {
  const report = createReport();
  const page = await suite.newPage({ locale: 'zh-CN' });
  for (const path of PUBLIC_PAGES) {
    // The public pages make their few requests at once (no polling): all of them are answered.
    await openSettled(page, `${suite.portal.url}${path}`);
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
    // The portal's name over the sign-in page at 390 px broke before its last character, 户
    // alone on a line (issue 42 §3); the phone tour signs in without this page.
    if (path === paths.login) {
      await page.setViewportSize(VIEWPORTS.phone.viewport);
      expect(await page.locator(PAGE_TITLES).count(), `the portal's name on ${path}`).toBe(1);
      expect(await titlesEndingAlone(page, PAGE_TITLES), `titles of ${path} at 390 px`).toEqual([]);
      await page.setViewportSize(VIEWPORTS.desktop.viewport);
    }
  }
  return report.lines;
}

const SOFTWARE = '/tools/toolsdownload';
/** The management platform's subpages, in the order of their tabs; the tour starts at `activate`. */
const PLATFORM_SUBPAGES = ['activate', 'trial', 'maintenance', 'current', 'history', 'document', 'livecd'];
const TOP_TABS = ['boot', 'cli', 'kits', 'ukits', 'plugins', 'tools', 'documents'];

/** Axe's best practices too: label-title-only (a field named by its title only) lives there. */
const findingsOf = (page: Page) => accessibilityFindings(page, undefined, { bestPractice: true });

/** Clicks a tab as a person does and waits until it is the selected one. */
async function clickTab(page: Page, key: string) {
  const tab = page.locator(`.ant-tabs-tab[data-node-key="${key}"] [role="tab"]`);
  await tab.click();
  await page.locator(`.ant-tabs-tab[data-node-key="${key}"] [role="tab"][aria-selected="true"]`).waitFor();
}

/**
 * Issue 42 §4: axe found what the tour of `?sub=…` addresses did not, because a person opens one
 * subpage and clicks the next: the trial form mounted beside the activate form with the same ids
 * (label-title-only), and the "Loading…" shown while a page's code loads was 4.38:1 (color-contrast).
 * The software page in `locale`: its loading text, then every subpage by its tab; axe's findings
 * (best practices too) as lines.
 */
export async function tourSoftwarePageByClicks(suite: ConsoleSuite, locale: UiLocale): Promise<string[]> {
  const page = await suite.newPage({ locale });

  // Opened directly, the page's code held back: the "Loading…" the reader sees meanwhile, in
  // the console frame (signed in there, not on another page first: a console load less).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const hold = async (route: Route) => {
    await held;
    await route.continue();
  };
  const heldCode = /\/assets\/(software-download-page|licence-panel)-[^/]*\.js$/;
  await page.route(heldCode, hold);
  await openSignedIn(page, suite.portal, 'demo', PASSWORDS.demo, `${SOFTWARE}?sub=activate`);
  await waitForConsole(page);
  if ((await page.locator('html').getAttribute('lang')) !== locale) await chooseLanguage(page, locale);
  const spinner = page.getByTestId('full-page-spinner');
  await spinner.waitFor();
  const findings = (await findingsOf(page)).map((finding) => `loading: ${finding}`);
  release();

  const check = async (where: string) => {
    await settle(page);
    for (const finding of await findingsOf(page)) findings.push(`${where}: ${finding}`);
  };
  await page.getByTestId('activation-form-code').waitFor();
  // Let go: while a route is set, every request of the page waits for this process.
  await page.unroute(heldCode, hold);
  await check('?sub=activate');
  for (const sub of PLATFORM_SUBPAGES.slice(1)) {
    await clickTab(page, sub);
    await check(`then ${sub}`);
  }
  // Both forms were mounted: each label names its own form's field.
  for (const mode of ['code', 'trial']) {
    const form = page.getByTestId(`activation-form-${mode}`);
    const machineCode = form.getByTestId('activation-machine-code');
    expect.soft(await machineCode.getAttribute('id')).toBe(`activation-${mode}_machineCode`);
  }
  for (const tab of TOP_TABS) {
    await clickTab(page, tab);
    await check(`then ${tab}`);
  }
  return findings;
}

/**
 * A tour as a test file of its own, its findings asserted all at once: the tours took 21-30 s
 * each in CI in both languages, and no file may take 20 s (issue 41). They only read (a menu
 * tour's application tabs switch the active application, which a shared suite puts back as it
 * starts; the language switch is kept in the browser), so they run on the shared portal.
 */
function describeTour(
  subject: string,
  name: string,
  timeout: number,
  tour: (suite: ConsoleSuite) => Promise<string[]>,
) {
  describe(subject, () => {
    const suite = useConsoleSuite({ shared: true });

    it(name, { timeout }, async () => {
      expect(await tour(suite)).toEqual([]);
    });
  });
}

const AXE_RULES = 'axe-core, WCAG 2.1 A/AA, no serious or critical violation';

/**
 * tourMenuRoutes as a test file: one account on one device in one language, and for admin one
 * half of its applications (a file of all of them stayed near 20 s on a slow machine: AppsHalf).
 */
export function describeMenuTour(account: Account, device: Device, locale: UiLocale, half?: AppsHalf) {
  const where = device === 'phone' ? ' on a phone' : '';
  const which = half === undefined ? 'every application' : `the ${half} half of the applications`;
  describeTour(
    `accessibility${where} (${AXE_RULES})`,
    `every menu route of ${which} of ${account}${where}, in ${locale}`,
    240_000,
    (suite) => tourMenuRoutes(suite, account, device, locale, half),
  );
}

/** tourPublicPages as a test file. */
export function describePublicTour(locale: UiLocale) {
  describeTour(
    `accessibility of the public pages (${AXE_RULES})`,
    `public pages in ${locale}`,
    120_000,
    (suite) => tourPublicPages(suite, locale),
  );
}

/** tourSoftwarePageByClicks as a test file. */
export function describeSoftwarePageByClicks(locale: UiLocale) {
  describeTour(
    `the software page reached by clicking, as a customer does (axe, ${locale})`,
    `${locale}: loading text, then every subpage by its tab`,
    180_000,
    (suite) => tourSoftwarePageByClicks(suite, locale),
  );
}
