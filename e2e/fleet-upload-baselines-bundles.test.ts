// Split from fleet-upload-baselines.test.ts: a vulnerable server's bundle, a baseline pinned and removed.
import { describe, expect, it } from 'vitest';
import { useConsoleSuite } from './support/console';
import { LIST_PATH } from './support/my-servers';
import { expectAccessible, openConsoleAs, saveScreenshot } from './support/page-checks';

describe('my servers in Chromium: bundles and baselines', () => {
  const suite = useConsoleSuite();

  it(
    'bundles what a vulnerable server is missing, and pins then removes a baseline',
    { timeout: 120_000 },
    async () => {
      const page = await openConsoleAs(suite, `${LIST_PATH}?state=vulnerable`, 'en-US', 'desktop');
      const table = page.getByTestId('fleet-table');
      await table.locator('tbody tr.ant-table-row').first().waitFor();
      await table.locator('tbody tr.ant-table-row a[data-testid^="server-link-"]').first().click();
      await page.getByTestId('server-detail').waitFor();
      await page.getByTestId('server-bundle').click();
      const created = page.getByTestId('fleet-bundle-created');
      await created.waitFor();
      expect(await created.getByRole('link').getAttribute('href')).toBe('/account/center?tab=tasks');

      await page.goto(new URL(LIST_PATH, page.url()).toString());
      await table.locator('tbody tr.ant-table-row').first().waitFor();
      // A model the customer's servers are: the catalogue has its firmware.
      const model = (
        await table.locator('tbody tr.ant-table-row').first().locator('td').nth(2).innerText()
      ).trim();
      await page.getByTestId('fleet-baselines').click();
      const drawer = page.getByTestId('baselines-drawer');
      await drawer.waitFor();
      await page.getByTestId('baseline-new').click();
      const form = page.getByTestId('baseline-form');
      await form.waitFor();
      await form.getByTestId('baseline-model').click();
      await page.keyboard.type(model);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `(${model})` })
        .click();
      await form.getByTestId('baseline-name').fill('E2E baseline');
      const bmc = form.getByTestId('baseline-kind-BMC');
      await page.waitForFunction(
        () => !document.querySelector('[data-testid="baseline-kind-BMC"].ant-select-loading'),
      );
      await expectAccessible(page, '.ant-drawer', 'the baseline drawers');
      await saveScreenshot(page, 'fleet-baseline-form-en-US-desktop');
      await bmc.click();
      const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
      await option.waitFor();
      await option.click();
      await page.getByTestId('baseline-save').click();
      const pinned = drawer.getByTestId(`baseline-${model}`);
      await pinned.waitFor();
      expect(await pinned.innerText()).toContain('E2E baseline');
      expect(await pinned.innerText()).toMatch(/BMC \S+/);
      await drawer.getByTestId(`baseline-remove-${model}`).click();
      await page.locator('.ant-popconfirm .ant-btn-primary').click();
      await expect.poll(() => drawer.getByText('E2E baseline').count()).toBe(0);
    },
  );
});
