import { advisoryPagePathOf } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { useConsoleSuite } from './support/console';
import { openConsoleAs } from './support/page-checks';

/** The demo seed's TLP:GREEN advisory: readable by any account, not by anonymous visitors. */
const GREEN_NIC = 'PFW-2026-0002';

describe('CSAF links of a signed-in reader in Chromium (issue 42 §2)', () => {
  const suite = useConsoleSuite({ shared: true });

  it('opens the JSON of a TLP:GREEN advisory with a short-lived ticket, never the session token', async () => {
    const page = await openConsoleAs(suite, advisoryPagePathOf(GREEN_NIC), 'en-US', 'desktop');
    const link = page.getByTestId('advisory-csaf-json');
    await link.waitFor();
    // The page holds the plain path: a ticket is made on click, so none lives in the page.
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/\.well-known\/csaf\/green\/\d{4}\/pfw-2026-0002[^?]*\.json$/);
    await Promise.all([page.waitForURL(/\/\.well-known\/csaf\/green\/.+\?ticket=/), link.click()]);
    const opened = new URL(page.url());
    expect(opened.pathname).toBe(href);
    expect(opened.searchParams.get('ticket')).toMatch(/^[\w-]{43}$/);
    const body = JSON.parse(await page.locator('body').innerText()) as {
      document: { tracking: { id: string } };
    };
    expect(body.document.tracking.id).toBe(GREEN_NIC);
  });
});
