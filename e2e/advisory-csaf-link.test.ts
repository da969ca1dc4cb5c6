import { advisoryPagePathOf } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORDS, type UiLocale, useConsoleSuite } from './support/console';
import { checkPage, openConsoleAs } from './support/page-checks';
import { openSignedIn } from './support/session';

/** The demo seed's TLP:GREEN advisory: readable by any account, not by anonymous visitors. */
const GREEN_NIC = 'PFW-2026-0002';
/** The demo seed's embargoed draft: no customer may read it yet. */
const EMBARGOED = 'PFW-2026-0003';
const GREEN_JSON = /^\/\.well-known\/csaf\/green\/\d{4}\/pfw-2026-0002[^/?]*\.json$/;

interface CsafJson {
  document: { tracking: { id: string } };
}

/** The advisory page in `locale`, and the address its "CSAF JSON" link holds. */
async function openAdvisory(suite: ReturnType<typeof useConsoleSuite>, locale: UiLocale) {
  const page = await openConsoleAs(suite, advisoryPagePathOf(GREEN_NIC), locale, 'desktop');
  const link = page.getByTestId('advisory-csaf-json');
  await link.waitFor();
  const href = (await link.getAttribute('href')) ?? '';
  return { page, link, href };
}

/** The file `page` navigates to next (the one its console page replaces itself with). */
function documentOf(page: Page) {
  return page.waitForResponse(
    (response) => response.request().isNavigationRequest() && response.url().includes('?ticket='),
  );
}

describe('CSAF links of a signed-in reader in Chromium (issue 42 §2)', () => {
  const suite = useConsoleSuite({ shared: true });

  it('opens the JSON of a TLP:GREEN advisory with a short-lived ticket on a click, never the session token', async () => {
    const { page, link, href } = await openAdvisory(suite, 'en-US');
    // The page holds the console's address of the file: the ticket is asked for when it opens.
    expect(href).toBe(`${advisoryPagePathOf(GREEN_NIC)}/csaf/json`);
    expect(await page.content()).not.toContain('ticket');
    await Promise.all([page.waitForURL(/\/\.well-known\/csaf\/green\/.+\?ticket=/), link.click()]);
    const opened = new URL(page.url());
    expect(opened.pathname).toMatch(GREEN_JSON);
    expect(opened.searchParams.get('ticket')).toMatch(/^[\w-]{43}$/);
    const body = JSON.parse(await page.locator('body').innerText()) as CsafJson;
    expect(body.document.tracking.id).toBe(GREEN_NIC);
    // The console page replaced itself: Back is the advisory again, not a loop to the file.
    await page.goBack();
    await page.getByTestId('advisory-csaf-json').waitFor();
    expect(new URL(page.url()).pathname).toBe(advisoryPagePathOf(GREEN_NIC));
  });

  it.each([
    ['en-US', 'a middle click'],
    ['zh-CN', 'ctrl+click'],
    ['zh-CN', 'a pasted address'],
  ] as const)(
    'opens the JSON in a new tab of the same browser in %s, after %s, not a 401',
    async (locale, how) => {
      const { page, link, href } = await openAdvisory(suite, locale);
      const context = page.context();
      // The file as the new tab's console page replaced itself with it.
      const document = context.waitForEvent('response', {
        predicate: (response) =>
          response.request().isNavigationRequest() && response.url().includes('?ticket='),
      });
      let tab: Page;
      if (how === 'a pasted address') {
        tab = await context.newPage();
        await tab.goto(`${suite.portal.url}${href}`);
      } else {
        [tab] = await Promise.all([
          context.waitForEvent('page'),
          how === 'a middle click'
            ? link.click({ button: 'middle' })
            : link.click({ modifiers: ['ControlOrMeta'] }),
        ]);
      }
      const answer = await document;
      expect(answer.frame().page()).toBe(tab);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toMatch(/json/);
      expect(new URL(answer.url()).pathname).toMatch(GREEN_JSON);
      // The document in the reader's language: the Chinese one is the CSAF translation.
      const body = (await answer.json()) as CsafJson;
      expect(body.document.tracking.id).toBe(locale === 'zh-CN' ? `${GREEN_NIC}-zh-CN` : GREEN_NIC);
      // The advisory stays where it was, in its own tab.
      expect(new URL(page.url()).pathname).toBe(advisoryPagePathOf(GREEN_NIC));
      // The file took the console page's place in the tab's history (a pasted address: after the blank start).
      expect(await tab.evaluate(() => window.history.length)).toBe(how === 'a pasted address' ? 2 : 1);
    },
  );

  it.each(['en-US', 'zh-CN'] as const)(
    'says in %s, accessibly, that an advisory the reader may not read has no file for them',
    async (locale) => {
      const { page } = await openAdvisory(suite, locale);
      await page.goto(`${suite.portal.url}${advisoryPagePathOf(EMBARGOED)}/csaf/json`);
      const failed = page.getByTestId('csaf-file-failed');
      await failed.waitFor();
      expect(await failed.innerText()).toContain(
        locale === 'zh-CN'
          ? '该 CSAF 文件不存在或您无权查看'
          : 'This CSAF file does not exist, or you may not read it',
      );
      await checkPage(page, 'advisory-csaf-file-failed', locale, 'desktop');
      await failed.getByRole('link').click();
      await page.waitForURL((url) => url.pathname === advisoryPagePathOf(EMBARGOED));
    },
  );

  it('sends a signed-out visitor of the link to sign-in, and on to the file once signed in', async () => {
    const page = await suite.newPage();
    const wanted = `${advisoryPagePathOf(GREEN_NIC)}/csaf/sha256`;
    await page.goto(`${suite.portal.url}${wanted}`);
    await page.waitForURL((url) => url.pathname === '/user/login');
    const signIn = new URL(page.url());
    expect(signIn.searchParams.get('redirect')).toBe(wanted);
    // Signed in, the sign-in page goes on to its redirect: the console page, then the file.
    const [answer] = await Promise.all([
      documentOf(page),
      openSignedIn(page, suite.portal, 'demo', PASSWORDS.demo, `${signIn.pathname}${signIn.search}`),
    ]);
    expect(answer.status()).toBe(200);
    expect(new URL(answer.url()).pathname).toMatch(/pfw-2026-0002[^/?]*\.json\.sha256$/);
    expect(await answer.text()).toMatch(/^[0-9a-f]{64}\b/);
  });
});
