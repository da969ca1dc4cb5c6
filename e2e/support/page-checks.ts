import path from 'node:path';
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import type { Locator, Page, Request } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { type ConsoleSuite, chooseLanguage, DESKTOP, MOBILE, type UiLocale } from './console';

/** Where browser tests leave screenshots: artifacts, not committed (.tmp/ is ignored by git). */
export const SCREENSHOT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../.tmp/screenshots',
);

/** The two widths a page is looked at: 1440 px and a 390 px phone. */
export const VIEWPORTS = {
  desktop: { viewport: DESKTOP },
  phone: { viewport: MOBILE, isMobile: true, hasTouch: true },
} as const;
export type Device = keyof typeof VIEWPORTS;

/** Both languages on both widths: what a "fits the window" test runs through. */
export const LANGUAGES_AND_WIDTHS: [UiLocale, Device][] = [
  ['en-US', 'desktop'],
  ['en-US', 'phone'],
  ['zh-CN', 'desktop'],
  ['zh-CN', 'phone'],
];

/**
 * The demo customer's console at `path` in `locale` on `device`, ready for a "fits the window"
 * check and its screenshots (the screenshot folder made).
 */
export async function openConsoleAs(suite: ConsoleSuite, path: string, locale: UiLocale, device: Device) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const page = await suite.openConsole('demo', path, VIEWPORTS[device]);
  if (locale !== 'en-US') await chooseLanguage(page, locale);
  return page;
}

/**
 * One "fits the window" test per language and width: the demo customer's console opened at
 * `path` and, once `readyTestId` shows, handed to `check` (which drives the page further). With
 * `locale`, only that language's two widths: a file per language takes half the time.
 */
export function itFitsTheWindow(
  suite: ConsoleSuite,
  path: string,
  readyTestId: string,
  check: (page: Page, locale: UiLocale, device: Device) => Promise<void>,
  { locale }: { locale?: UiLocale } = {},
) {
  it.each(LANGUAGES_AND_WIDTHS.filter(([language]) => !locale || language === locale))(
    'fits the window in %s on a %s (no sideways scrolling of the page)',
    async (locale, device) => {
      const page = await openConsoleAs(suite, path, locale, device);
      await page.getByTestId(readyTestId).waitFor();
      await check(page, locale, device);
    },
  );
}

/**
 * Saves what the window shows (or the whole page) as `<name>.png` in the screenshot folder, for a
 * person to look at, only when E2E_SCREENSHOTS=1: nothing compares them, and a full-page shot of
 * each page in four language x width combinations cost the run time for no assertion (issue 41).
 * The checks beside each call (fits the window, axe) are what the tests assert.
 */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), ...options });
}

/** Asserts that the page does not scroll sideways, then saves it whole as `<name>-<locale>-<device>.png`. */
export async function expectPageFitsAndSave(page: Page, name: string, locale: UiLocale, device: Device) {
  // Given a moment to settle (a table lays its columns out after its rows arrive): a page that
  // stays wider than the window still fails.
  await expect
    .poll(() => pageFitsWindow(page), {
      message: `the ${name} page is not wider than the window`,
      timeout: 3_000,
    })
    .toBe(true);
  await saveScreenshot(page, `${name}-${locale}-${device}`, { fullPage: true });
}

/** Saves the window with an open dialog as `<name>-<locale>-<device>.png`, then asserts the dialog fits it. */
export async function expectDialogFitsAndSave(
  page: Page,
  dialog: Locator,
  name: string,
  locale: UiLocale,
  device: Device,
) {
  await saveScreenshot(page, `${name}-${locale}-${device}`);
  expect(await fitsWidthOf(dialog, device), `the ${name} dialog is not wider than the window`).toBe(true);
}

/** True when the page does not scroll sideways (nothing wider than the window). */
export function pageFitsWindow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

/** True when `box` (a modal, a drawer) is no wider than the window of `device`. */
export async function fitsWidthOf(box: Locator, device: Device): Promise<boolean> {
  const bounds = await box.boundingBox();
  return (bounds?.width ?? 0) <= VIEWPORTS[device].viewport.width;
}

/** Issue 18 §1: WCAG 2.1 A and AA, as axe-core tags them. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One serious or critical axe-core finding. */
export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * axe-core's serious and critical findings inside `within` (the whole document when none): WCAG
 * 2.1 A/AA and, with `bestPractice`, axe's best practices too (where label-title-only lives).
 */
export async function axeFindings(
  page: Page,
  { within, bestPractice = false }: { within?: string; bestPractice?: boolean } = {},
): Promise<AxeFinding[]> {
  // Injected once a document (a client-side navigation keeps it); undefined until then.
  const run = () =>
    page.evaluate(
      async ({ include, tags }) => {
        const { axe: injected } = window as unknown as { axe?: typeof axe };
        if (!injected) return undefined;
        const { violations } = await injected.run(include ?? document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        });
        return violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => ({
            id: violation.id,
            impact: violation.impact ?? '',
            help: violation.help,
            targets: violation.nodes.map((node) => node.target.join(' ')),
          }));
      },
      { include: within ?? null, tags: bestPractice ? [...WCAG_21_AA, 'best-practice'] : WCAG_21_AA },
    );
  const findings = await run();
  if (findings) return findings;
  await page.evaluate(axe.source);
  const injected = await run();
  if (!injected) throw new Error('axe-core did not load into the page');
  return injected;
}

/** The same findings inside `selector` (the whole document when none) as lines `<rule> at <targets>`. */
export async function accessibilityFindings(
  page: Page,
  selector?: string,
  options: { bestPractice?: boolean } = {},
): Promise<string[]> {
  const findings = await axeFindings(page, { within: selector, ...options });
  return findings.map(({ id, targets }) => `${id} at ${targets.join(' | ')}`);
}

/**
 * Waits until the page stopped loading: no spinner or skeleton, and no transition running. A
 * button that turns enabled fades from grey to its colours in 0.2 s; axe reading it halfway saw
 * too little contrast (CI, /user/recover, whose submit waits for the public configuration). Two
 * frames drawn after the spinners went are enough for a change they revealed to start its
 * transitions (then waited out below); a fixed 250 ms here cost ~150 checks of the
 * accessibility tour 37 s (issue 41).
 */
export function settle(page: Page) {
  return waitInPage(page, { spinners: true });
}

/**
 * Waits until no transition or animation runs but endless ones (spinners) and antd's click wave:
 * the wave fades a ring around a clicked button for 2 s, over no text, and every check after a
 * click waited it out (6 of the webhooks test's 18 s).
 */
export function motionOver(page: Page) {
  return waitInPage(page, { spinners: false });
}

/**
 * settle (`spinners`) or motionOver, watched frame by frame inside the page in one call: three
 * calls a check, each a round trip to a busy browser, cost the tours ~30 ms a page (issue 41).
 * Fails after 15 s (the tests' wait for an element), naming what it waited for.
 */
async function waitInPage(page: Page, { spinners }: { spinners: boolean }) {
  const waited = await page.evaluate(
    async ({ spinners, timeout }) => {
      const deadline = performance.now() + timeout;
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const until = async (done: () => boolean) => {
        while (!done()) {
          if (performance.now() > deadline) return false;
          await frame();
        }
        return true;
      };
      const noSpinner = () =>
        !document.querySelector('.ant-spin-spinning, .ant-skeleton, [data-testid="full-page-spinner"]');
      const noMotion = () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Infinity ||
              ((animation.effect as KeyframeEffect | null)?.target as Element | null)?.classList.contains(
                'ant-wave',
              ),
          );
      if (spinners) {
        if (!(await until(noSpinner))) return 'a spinner or skeleton to go';
        await frame();
        await frame();
      }
      return (await until(noMotion)) ? '' : 'the transitions and animations to end';
    },
    { spinners, timeout: 15_000 },
  );
  if (waited) throw new Error(`waited 15 s for ${waited}`);
}

/**
 * Opens `url` and waits until the page is done with it: every request the page made answered,
 * then settled (spinners gone, transitions over), with no request started meanwhile. Playwright's
 * 'networkidle' waits for 500 ms without a request instead: 11 s of the 22 public pages of the
 * accessibility test (issue 41).
 */
export async function openSettled(page: Page, url: string) {
  const pending = new Set<Request>();
  let started = 0;
  const onRequest = (request: Request) => {
    started += 1;
    pending.add(request);
  };
  const onAnswered = (request: Request) => pending.delete(request);
  page.on('request', onRequest);
  page.on('requestfinished', onAnswered);
  page.on('requestfailed', onAnswered);
  try {
    await page.goto(url);
    for (let seen = -1; seen !== started;) {
      seen = started;
      await expect
        .poll(() => [...pending].map((request) => request.url()), {
          message: `the requests of ${url} answered`,
          interval: 10,
        })
        .toEqual([]);
      await settle(page);
    }
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onAnswered);
    page.off('requestfailed', onAnswered);
  }
}

/** Once the page settled, no serious or critical axe findings inside `selector`; `what` names it in a failure. */
export async function expectAccessible(page: Page, selector: string, what: string) {
  await settle(page);
  expect(await accessibilityFindings(page, selector), `axe on ${what}`).toEqual([]);
}

/**
 * The page once settled: no serious or critical axe findings, no sideways scrolling; saved whole
 * as `<name>-<locale>-<device>.png`.
 */
export async function checkPage(page: Page, name: string, locale: UiLocale, device: Device) {
  await expectAccessible(page, 'body', `${name} (${locale}, ${device})`);
  expect(await pageFitsWindow(page), `${name} fits the window (${locale}, ${device})`).toBe(true);
  await saveScreenshot(page, `${name}-${locale}-${device}`, { fullPage: true });
}

/**
 * The words of the column titles in `table` that break across lines: a run of letters, or of
 * Chinese characters, laid out on more than one line (a narrow column stacked 条/目 one
 * character per line at 390 px). An English title wrapping at its spaces is fine.
 */
export function headerWordsBroken(table: Locator): Promise<string[]> {
  return table.evaluate((root) => {
    const broken: string[] = [];
    for (const cell of Array.from(root.querySelectorAll('thead th'))) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(
            Array.from(range.getClientRects())
              .filter((rect) => rect.width > 0)
              .map((rect) => Math.round(rect.top)),
          );
          if (lines.size > 1) broken.push(word[0]);
        }
      }
    }
    return broken;
  });
}

/**
 * The column titles in `table` of which only a part shows: cut by the edge of the table's
 * scrolling box, or peeking out beside a pinned column (a lone 状 of 状态 beside the pinned
 * actions at 390 px). A title wholly out of sight, or wholly in sight, is fine.
 */
export function headersPartlyShown(table: Locator): Promise<string[]> {
  return table.evaluate((root) => {
    const partly: string[] = [];
    for (const cell of Array.from(root.querySelectorAll<HTMLElement>('thead th'))) {
      const box = cell.closest('.ant-table-content, .ant-table-header, .ant-table-body');
      const own = cell.getBoundingClientRect();
      if (!box || own.width === 0 || cell.matches('[class*="ant-table-cell-fix"]')) continue;
      const pinned = Array.from(cell.parentElement?.children ?? [])
        .filter((sibling) => sibling.matches('[class*="ant-table-cell-fix"]'))
        .map((sibling) => sibling.getBoundingClientRect());
      // The box cuts what sticks out of it only when it scrolls (antd's scroll.x) or clips.
      const clips = getComputedStyle(box).overflowX !== 'visible';
      const edges = box.getBoundingClientRect();
      let left = clips ? Math.max(own.left, edges.left) : own.left;
      let right = clips ? Math.min(own.right, edges.right) : own.right;
      // A pinned column is drawn over the others: what it covers of the title is hidden.
      for (const pin of pinned) {
        if (pin.right <= left || pin.left >= right) continue;
        if (pin.left <= left && pin.right >= right) right = left;
        else if (pin.left > left) right = pin.left;
        else left = pin.right;
      }
      const shown = right - left;
      if (shown > 1 && shown < own.width - 1)
        partly.push(`${cell.textContent?.trim()} (${Math.round(shown)} of ${Math.round(own.width)} px)`);
    }
    return partly;
  });
}

/**
 * What hides part of `element` sideways, or '' when it shows whole: the window's edge, a box
 * that clips or scrolls it (a column scrolled half away), or its own text cut short by an
 * ellipsis. How far down the page it is does not matter.
 */
export function sidewaysCut(element: Locator): Promise<string> {
  return element.evaluate((node) => {
    const own = node.getBoundingClientRect();
    if (own.width === 0) return 'not shown';
    const edges: [string, DOMRect | { left: number; right: number }][] = [
      ['the window', { left: 0, right: document.documentElement.clientWidth }],
    ];
    for (let box = node.parentElement; box && box !== document.body; box = box.parentElement) {
      if (getComputedStyle(box).overflowX !== 'visible')
        edges.push([`${box.tagName.toLowerCase()}.${box.className}`, box.getBoundingClientRect()]);
    }
    for (const [name, edge] of edges) {
      if (own.left < edge.left - 1 || own.right > edge.right + 1)
        return `cut by ${name} (${Math.round(own.left)}-${Math.round(own.right)} px, shown ${Math.round(edge.left)}-${Math.round(edge.right)})`;
    }
    const clipped = [node, ...Array.from(node.querySelectorAll('*'))].find(
      (inner) => inner.scrollWidth > inner.clientWidth + 1 && getComputedStyle(inner).overflowX === 'hidden',
    );
    return clipped ? `its text cut short ("${clipped.textContent?.trim()}")` : '';
  });
}

/**
 * The titles in `selector` whose last character stands alone on their last line (a title
 * broken before 户 of 门户 at 390 px, issue 42 §3), as "<title>" lines.
 */
export function titlesEndingAlone(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((titles) => {
    const alone: string[] = [];
    for (const title of Array.from(document.querySelectorAll<HTMLElement>(titles))) {
      if (title.getBoundingClientRect().width === 0) continue;
      // The title's visible characters, each with the text node it is in.
      const characters: [Text, number][] = [];
      const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (let index = 0; index < node.data.length; index += 1)
          if (/\S/.test(node.data[index] ?? '')) characters.push([node, index]);
      }
      const rectOf = ([node, index]: [Text, number]) => {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        return range.getBoundingClientRect();
      };
      const [before, last] = characters.slice(-2);
      if (!before || !last) continue;
      const previous = rectOf(before);
      // A character whose top is below the middle of the one before it starts a new line.
      if (rectOf(last).top > previous.top + previous.height / 2) alone.push(title.innerText.trim());
    }
    return alone;
  }, selector);
}

/** Where a page shows its title: the console's page header, the portal's name over the sign-in pages. */
export const PAGE_TITLES = '[data-testid="page-header"] h4, main > h2:first-child';

/**
 * What a 390 px phone got wrong before issue 42 §3, as readable lines: a card's actions over its
 * title, or its title cut short beside them ("Test: M"); a bar chart whose labels under the bars
 * run into each other, stick out of its card or are smaller than 12 px; a page title leaving its
 * last character alone on a line.
 */
export async function phoneLayoutProblems(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const problems: string[] = [];
    const visible = (element: Element) => element.getBoundingClientRect().width > 0;
    const overlap = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    for (const head of Array.from(document.querySelectorAll('.ant-card-head')).filter(visible)) {
      const title = head.querySelector<HTMLElement>('.ant-card-head-title');
      const name = title?.textContent?.trim();
      if (!title || !name) continue;
      if (title.scrollWidth > title.clientWidth + 1)
        problems.push(`card "${name}": title cut to ${title.clientWidth} of ${title.scrollWidth} px`);
      const extra = head.querySelector('.ant-card-extra');
      if (extra && visible(extra) && overlap(title.getBoundingClientRect(), extra.getBoundingClientRect()))
        problems.push(`card "${name}": its actions cover its title`);
    }
    for (const chart of Array.from(document.querySelectorAll('figure:has(> svg[role="img"])')).filter(
      visible,
    )) {
      const name = chart.querySelector('figcaption')?.textContent?.trim() ?? 'a chart';
      const labels = Array.from(
        chart.querySelectorAll<HTMLElement>(':scope > div[aria-hidden="true"] > span'),
      )
        .filter(visible)
        .map((label) => ({ label, rect: label.getBoundingClientRect() }))
        .sort((a, b) => a.rect.left - b.rect.left);
      if (chart.querySelector('svg rect') && labels.length === 0) problems.push(`chart "${name}": no labels`);
      const card = (chart.closest('.ant-card') ?? chart).getBoundingClientRect();
      const right = Math.min(card.right, document.documentElement.clientWidth);
      const left = Math.max(card.left, 0);
      labels.forEach(({ label, rect }, index) => {
        const text = label.textContent ?? '';
        const size = Number.parseFloat(getComputedStyle(label).fontSize);
        if (size < 12) problems.push(`chart "${name}": label ${text} at ${size} px`);
        if (rect.left < left - 1 || rect.right > right + 1)
          problems.push(`chart "${name}": label ${text} cut`);
        const next = labels[index + 1];
        if (next && rect.right > next.rect.left)
          problems.push(`chart "${name}": labels ${text} and ${next.label.textContent} overlap`);
      });
    }
    return problems;
  });
  const alone = await titlesEndingAlone(page, PAGE_TITLES);
  return [...shown, ...alone.map((title) => `title "${title}" leaves its last character alone`)];
}
