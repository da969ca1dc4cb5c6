import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths';
import { createReport } from './support/axe-tour';
import { useConsoleSuite } from './support/console';

// Split from accessibility.test.ts: keyboard focus on the header's buttons and the popups they open.

/** The header buttons that open a dialog or drawer, and that popup. */
const HEADER_POPUPS = [
  { opener: 'settings-button', popup: '[data-testid="setting-copy"]' },
  { opener: 'release-notes-button', popup: '[data-testid="release-notes-modal"]' },
  { opener: 'app-switch-button', popup: '[data-testid="app-switch-dialog"]' },
] as const;

describe('accessibility (axe-core, WCAG 2.1 A/AA, no serious or critical violation): the header popups', () => {
  // It only reads (the popups close unchanged): the shared portal.
  const suite = useConsoleSuite({ shared: true });

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
