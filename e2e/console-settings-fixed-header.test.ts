import { describe, expect, it } from 'vitest';
import { closeSettings, isSwitchOn, openSettings, useConsoleSuite } from './support/console';
import { resetDisplayPreferences } from './support/preferences';

/**
 * Split from console-settings.test.ts (issue 41: a file each stays under 20 s on a slow machine):
 * hide-on-scroll of the fixed header, with a portal of its own as before.
 */
describe('display settings in Chromium', () => {
  const suite = useConsoleSuite();

  it('hides the fixed header after scrolling down past 300px and shows it again on scrolling up', async () => {
    // The drawer's choices are saved for demo on the server: a retry must start from the defaults.
    await resetDisplayPreferences(suite, 'demo');
    const page = await suite.openConsole('demo', '/welcome');
    const header = page.getByTestId('global-header');
    const hidden = () => header.getAttribute('data-hidden');
    await page.getByTestId('welcome-page').waitFor();
    // Room to scroll: a tall block at the end of the page content, put back if a render of the
    // page (still loading under a busy CI run) dropped it; each scroll is retried until it holds.
    const scrollTo = (y: number) =>
      expect
        .poll(async () => {
          await page.evaluate((top) => {
            const content = document.querySelector('[data-testid="page-content"]');
            if (content && !document.getElementById('e2e-spacer')) {
              const spacer = document.createElement('div');
              spacer.id = 'e2e-spacer';
              spacer.style.height = '4000px';
              content.append(spacer);
            }
            window.scrollTo({ top, behavior: 'instant' });
          }, y);
          return page.evaluate(() => window.scrollY);
        })
        .toBe(y);

    // Off by default: scrolling leaves the header alone.
    await scrollTo(1000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1000);
    expect(await hidden()).toBe('false');
    await scrollTo(0);

    await openSettings(page);
    expect(await isSwitchOn(page, 'setting-fixed-header')).toBe(true);
    await page.getByTestId('setting-auto-hide-header').click();
    await expect.poll(() => isSwitchOn(page, 'setting-auto-hide-header')).toBe(true);
    await closeSettings(page);

    await scrollTo(250);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(250);
    expect(await hidden()).toBe('false');
    await scrollTo(700);
    await expect.poll(hidden).toBe('true');
    // Really out of sight, not just flagged: the header slides up above the viewport.
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(-48);
    await scrollTo(600);
    await expect.poll(hidden).toBe('false');
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
    await scrollTo(1500);
    await expect.poll(hidden).toBe('true');
    // Back above the threshold shows it as well.
    await scrollTo(100);
    await expect.poll(hidden).toBe('false');
  });
});
