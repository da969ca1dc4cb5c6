import { existsSync } from 'node:fs';
import {
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  request as playwrightRequest,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { until } from '../../apps/server/src/test/until';
import { type BrowserKind, launchChromium } from './chromium';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startPortal } from './portal';
import { openSignedIn, signInThroughApi } from './session';

export type Portal = Awaited<ReturnType<typeof startPortal>>;
export type Account = 'demo' | 'admin';
export type UiLocale = 'en-US' | 'zh-CN';

export const PASSWORDS: Record<Account, string> = { demo: DEMO_PASSWORD, admin: ADMIN_PASSWORD };

/** Viewports of the console tests: desktop (>= 1200), tablet (576-1199) and phone (< 576), spec 4. */
export const DESKTOP = { width: 1440, height: 900 };
export const TABLET = { width: 800, height: 1000 };
export const MOBILE = { width: 390, height: 844 };

/** What went wrong inside the page: uncaught errors and console errors, in arrival order. */
export interface PageProblems {
  pageErrors: string[];
  consoleErrors: string[];
}

export interface ConsoleSuite {
  readonly portal: Portal;
  /** A page in a fresh context (own storage), English and desktop unless overridden; closed after the test. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Signs `account` in through the API, opens `path` and waits for the console frame. */
  openConsole(account: Account, path: string, options?: BrowserContextOptions): Promise<Page>;
  /** The problems recorded so far for `page` (one of this suite's pages). */
  problemsOf(page: Page): PageProblems;
}

const isMissingKey = (text: string) => text.includes('[i18n] missing key');

/**
 * The run's shared portal (support/shared-portal.ts) once it answers, with the active application
 * of both accounts put back to their first, as on a fresh portal (opening a page of another
 * application switches it, and that choice is kept on the server). It has no mailbox of its own
 * here: a file that reads mail or SMS changes state and starts its own portal.
 */
async function openSharedPortal(): Promise<Portal> {
  const { url, captchaAnswer } = await sharedPortalReady();
  const notHere = (): never => {
    throw new Error('the shared portal keeps no mail here: use useConsoleSuite() for a portal of your own');
  };
  const portal: Portal = {
    url,
    latestCaptcha: () => captchaAnswer,
    releaseSignature: notHere,
    mails: notHere,
    db: notHere,
    smsOutbox: notHere,
    close: async () => undefined,
  };
  // Side by side: the shared portal's captcha has one answer, so the two sign-ins cannot cross.
  await Promise.all((['demo', 'admin'] as const).map((account) => resetActiveApplication(portal, account)));
  return portal;
}

/** The shared portal's settings once it is seeded and its template saved. */
async function sharedPortalReady() {
  const shared = inject('sharedPortal');
  // Seeded before the first file starts (shared-portal.ts); a last check.
  await until('the shared portal, seeded', () => (existsSync(shared.readyFile) ? true : undefined), 240_000);
  return shared;
}

/**
 * A portal of the file's own, started from the run's seeded template (the shared portal saves it
 * before its first test): a demo portal as fresh as a newly seeded one, in a few seconds.
 */
export async function startOwnPortal(): Promise<Portal> {
  return startPortal({ template: (await sharedPortalReady()).template });
}

async function resetActiveApplication(portal: Portal, account: Account) {
  const api = await playwrightRequest.newContext();
  try {
    const token = await signInThroughApi(api, portal, account, PASSWORDS[account]);
    const headers = { Authorization: `Bearer ${token}` };
    const user = (await (await api.get(`${portal.url}/api/getLoginUser`, { headers })).json()) as {
      data: { apps: { code: string }[] };
    };
    const first = user.data.apps[0]?.code;
    if (first) await api.post(`${portal.url}/api/sysMenu/change`, { headers, data: { application: first } });
    await api.get(`${portal.url}/api/logout`, { headers });
  } finally {
    await api.dispose();
  }
}

/**
 * One portal for the file (beforeAll) and the run's Chromium, a fresh context for each page. After
 * each test, any uncaught page error or missing translation reported by any of its pages fails
 * the test: those are bugs whatever the test was looking at.
 *
 * `shared`: the run's one shared portal instead of one of the file's own (issue 41: a portal
 * boot per file cost minutes). Only for files that change nothing another file reads: no
 * accounts, passwords, display settings, notices read, publishing, tasks or mail.
 *
 * `browser`: which of the run's browsers the pages open in (support/chromium.ts); the headless
 * shell unless a file asks for the full browser.
 */
export function useConsoleSuite(options: { shared?: boolean; browser?: BrowserKind } = {}): ConsoleSuite {
  const browserKind = options.browser;
  let portal: Portal | undefined;
  let contexts: BrowserContext[] = [];
  const problems = new Map<Page, PageProblems>();

  beforeAll(async () => {
    [portal] = await Promise.all([
      options.shared ? openSharedPortal() : startOwnPortal(),
      launchChromium(browserKind),
    ]);
  });
  afterEach(async () => {
    const open = contexts;
    contexts = [];
    // Cleanup only: on an overloaded machine a context's close can hang; the browser itself is
    // closed in afterAll, so give up on a stuck context after 15 s instead of failing the test.
    await Promise.all(
      open.map((context) =>
        Promise.race([context.close(), new Promise<void>((resolve) => setTimeout(resolve, 15_000))]),
      ),
    );
    const found = [...problems.values()].flatMap(({ pageErrors, consoleErrors }) => [
      ...pageErrors,
      ...consoleErrors.filter(isMissingKey),
      // The console must run under the portal's Content-Security-Policy (plugins/security-headers.ts).
      ...consoleErrors.filter((text) => /Content Security Policy/i.test(text)),
    ]);
    problems.clear();
    expect(found, 'page errors, missing translations or CSP violations').toEqual([]);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const suite: ConsoleSuite = {
    get portal() {
      if (!portal) throw new Error('the portal is not running (beforeAll failed?)');
      return portal;
    },
    async newPage(options = {}) {
      const { browser } = await launchChromium(browserKind);
      // As for a person whose system asks for less motion: antd opens and closes popups, drawers
      // and messages at once, so no test waits for an animation or draws its frames (the
      // console's own path for such people, lib/use-reduced-motion.ts). A test may ask otherwise.
      const context = await browser.newContext({
        locale: 'en-US',
        viewport: DESKTOP,
        reducedMotion: 'reduce',
        ...options,
      });
      contexts.push(context);
      // Well inside the test timeout, so a missing element fails with its own message.
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      const record: PageProblems = { pageErrors: [], consoleErrors: [] };
      problems.set(page, record);
      page.on('pageerror', (error) => record.pageErrors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') record.consoleErrors.push(message.text());
      });
      return page;
    },
    async openConsole(account, path, options) {
      const page = await suite.newPage(options);
      await openSignedIn(page, suite.portal, account, PASSWORDS[account], path);
      await waitForConsole(page);
      return page;
    },
    problemsOf(page) {
      const record = problems.get(page);
      if (!record) throw new Error('not a page of this suite');
      return record;
    },
  };
  return suite;
}

/** The signed-in frame is up: layout, header and the signed-in user's name. */
export async function waitForConsole(page: Page) {
  await page.getByTestId('basic-layout').waitFor();
  await page.getByTestId('current-user').waitFor();
}

/**
 * The texts of a navigation menu's top-level entries (page links and group buttons), in order;
 * `menu` is the menu (`nav-menu-*`) or holds it (the side menu, the phone's drawer).
 */
export async function menuEntries(menu: Locator): Promise<string[]> {
  const isMenu = (await menu.getAttribute('data-testid'))?.startsWith('nav-menu') ?? false;
  const nav = isMenu ? menu : menu.locator('[data-testid^="nav-menu"]');
  // Entries the top menu folded into its "…" (they did not fit) still count, in their place.
  return nav
    .locator(':scope > ul > li:not([data-testid="nav-menu-more"]) > :is(a, button)')
    .evaluateAll((entries) => entries.map((entry) => (entry.textContent ?? '').trim()));
}

/**
 * Follows a page link of the top menu by its title; one folded into the "…" group (the row
 * was too narrow for it, as antd's horizontal menu does) is reached by opening that group first.
 */
export async function clickMenuLink(menu: Locator, title: string) {
  const link = menu.getByRole('link', { name: title, exact: true });
  if (!(await link.isVisible())) await menu.getByTestId('nav-menu-more').locator(':scope > button').click();
  await link.click();
}

/** The path of the page shown (no origin, no query). */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The full path (path and query) of the page shown: what the multi-tab bar keys its tab by. */
export function fullPathOf(page: Page): string {
  const { pathname, search } = new URL(page.url());
  return `${pathname}${search}`;
}

/** The full paths of the open tabs of the multi-tab bar, in bar order. */
export const openTabs = (page: Page) =>
  page
    .getByTestId('multi-tab-bar')
    .locator('[data-tab-key]')
    .evaluateAll((labels) => labels.map((label) => label.getAttribute('data-tab-key')));

/** Waits for an antd message (toast) with exactly `text`. */
export async function expectMessage(page: Page, text: string) {
  await page.locator('.ant-message-notice').getByText(text, { exact: true }).first().waitFor();
}

/** Picks the UI language with the header's language switch and waits until the page follows. */
export async function chooseLanguage(page: Page, locale: UiLocale) {
  const label = locale === 'zh-CN' ? '中文' : 'English';
  await page
    .getByRole('radiogroup', { name: /^(Language|语言)$/ })
    .locator('label', { hasText: label })
    .click();
  await page.locator(`html[lang="${locale}"]`).waitFor({ state: 'attached' });
}

/** Opens the settings drawer and returns it. */
export async function openSettings(page: Page) {
  await page.getByTestId('settings-button').click();
  const drawer = page.locator('.ant-drawer-section').filter({ has: page.getByTestId('setting-copy') });
  await drawer.waitFor();
  return drawer;
}

export async function closeSettings(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByTestId('setting-copy').waitFor({ state: 'hidden' });
}

/** The stored display settings (`portal.displaySettings`), unwrapped. */
export async function storedDisplaySettings(page: Page): Promise<Record<string, unknown> | undefined> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('portal.displaySettings');
    return raw === null ? undefined : (JSON.parse(raw) as { value: Record<string, unknown> }).value;
  });
}

/** Whether an antd Switch (role="switch") is on. */
export async function isSwitchOn(page: Page, testId: string) {
  return (await page.getByTestId(testId).getAttribute('aria-checked')) === 'true';
}

/** Picks `label` in the antd Select marked `testId`. */
export async function choose(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-item-option').filter({ hasText: label }).filter({ visible: true }).click();
}

/** Fills and submits the sign-in form once its captcha image has loaded (so the recorded answer is the one shown). */
export async function signInThroughPage(page: Page, portal: Portal, account: Account) {
  await page.getByTestId('captcha-image').waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="captcha-image"]');
    return Boolean(img?.complete && img.naturalWidth > 0);
  });
  await page.locator('#account').fill(account);
  await page.locator('#password').fill(PASSWORDS[account]);
  await page.locator('#captcha').fill(portal.latestCaptcha());
  await page.locator('button[type="submit"]').click();
}
