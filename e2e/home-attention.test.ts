import { describe, expect, it } from 'vitest';
import { chooseLanguage, useConsoleSuite } from './support/console';
import { countOf, expectMostSevereFirst, itShowsHomePagePanel, STATE_NAMES } from './support/home-attention';

describe('the attention panel of the landing pages in Chromium', () => {
  const suite = useConsoleSuite();

  itShowsHomePagePanel(suite, 'desktop');

  it('shows the panel on /welcome too, in both languages, and opens the most severe advisory from it', async () => {
    const page = await suite.openConsole('demo', '/welcome');
    const panel = page.getByTestId('home-attention');
    const first = panel.locator('[data-testid^="attention-advisory-"]').first();
    for (const locale of ['en-US', 'zh-CN'] as const) {
      if (locale !== 'en-US') await chooseLanguage(page, locale);
      await panel.getByTestId('attention-counts').waitFor();
      await expect
        .poll(() => page.getByTestId('attention-vulnerable').innerText())
        .toContain(STATE_NAMES[locale].vulnerable);
      expect(await countOf(page, 'vulnerable')).toBe('1');
      expect(await page.getByTestId('attention-outdated').innerText()).toContain(
        STATE_NAMES[locale].outdated,
      );
      await first.waitFor();
      await expectMostSevereFirst(page);
      expect(await panel.innerText()).not.toMatch(/pages\.home|\{\{/);
    }
    const advisoryId = (await first.getAttribute('data-testid'))?.replace('attention-advisory-', '') ?? '';
    await first.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/security/advisories/${advisoryId}`);
    await page.getByTestId('advisory-page').waitFor();
  });
});
