import { advisoryPagePathOf } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseLanguage, PASSWORDS, useConsoleSuite } from './support/console';
import { type CsafJson, GREEN_JSON, GREEN_NIC, openAdvisory } from './support/csaf-advisory';
import { checkPage, VIEWPORTS } from './support/page-checks';
import { openSignedIn } from './support/session';

/** The demo seed's embargoed draft: no customer may read it yet. */
const EMBARGOED = 'PFW-2026-0003';

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

  it.each(['en-US', 'zh-CN'] as const)(
    'says in %s, accessibly, that an advisory the reader may not read has no file for them',
    async (locale) => {
      // Straight to the file's page, as from a pasted link (no advisory page on the way), in an
      // English browser; the reader picks the language there, as on any page.
      const page = await suite.newPage(VIEWPORTS.desktop);
      const file = `${advisoryPagePathOf(EMBARGOED)}/csaf/json`;
      await openSignedIn(page, suite.portal, 'demo', PASSWORDS.demo, file);
      const failed = page.getByTestId('csaf-file-failed');
      await failed.waitFor();
      if (locale !== 'en-US') await chooseLanguage(page, locale);
      await expect
        .poll(() => failed.innerText())
        .toContain(
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
