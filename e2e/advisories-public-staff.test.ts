import { advisoryPagePathOf } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { CRITICAL_BMC, MEDIUM_NIC, updatedTitleCut } from './support/advisory-pages';
import { chooseLanguage, useConsoleSuite } from './support/console';
import { checkPage, VIEWPORTS } from './support/page-checks';

describe('security advisories in Chromium: signed-out visitors', () => {
  const suite = useConsoleSuite({ shared: true });

  it('shows a TLP:WHITE advisory to a signed-out visitor at the same address, in both languages', async () => {
    for (const device of ['desktop', 'phone'] as const) {
      const page = await suite.newPage({ ...VIEWPORTS[device], locale: 'zh-CN' });
      await page.goto(`${suite.portal.url}${advisoryPagePathOf(CRITICAL_BMC)}`);
      const detail = page.getByTestId('public-advisories').getByTestId('advisory-detail');
      await detail.waitFor();
      expect(new URL(page.url()).pathname).toBe(advisoryPagePathOf(CRITICAL_BMC));
      expect(await detail.getByTestId('advisory-tlp').innerText()).toContain('TLP:WHITE');
      expect(await detail.getByTestId('advisory-my-servers').count()).toBe(0);
      await checkPage(page, 'advisories-public-detail', 'zh-CN', device);
      await chooseLanguage(page, 'en-US');
      await detail.getByText('Revision history').waitFor();
      await checkPage(page, 'advisories-public-detail', 'en-US', device);

      // Signed out, the list holds the TLP:WHITE advisory only (the NIC one is TLP:GREEN).
      await page.getByRole('link', { name: 'Back to the advisories' }).click();
      await page.getByTestId(`advisory-link-${CRITICAL_BMC}`).waitFor();
      expect(await page.getByTestId(`advisory-link-${MEDIUM_NIC}`).count()).toBe(0);
      if (device === 'desktop')
        expect(await updatedTitleCut(page.getByTestId('advisory-table'), 'en-US'), 'the Updated title').toBe(
          '',
        );
      await checkPage(page, 'advisories-public-list', 'en-US', device);
      await page.getByTestId(`advisory-link-${CRITICAL_BMC}`).click();
      await detail.waitFor();

      // The CSAF document it links to is there for anyone.
      const csaf = await detail.getByTestId('advisory-csaf-json').getAttribute('href');
      const answer = await page.context().request.get(`${suite.portal.url}${csaf}`);
      expect(answer.status()).toBe(200);
    }
  });
});
