import { advisoryPagePathOf } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useConsoleSuite } from './support/console';
import { type CsafJson, GREEN_JSON, GREEN_NIC, openAdvisory } from './support/csaf-advisory';

describe('CSAF links opened in a new tab by a signed-in reader in Chromium (issue 42 §2)', () => {
  const suite = useConsoleSuite({ shared: true });

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
});
