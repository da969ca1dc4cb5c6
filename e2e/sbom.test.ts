import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useConsoleSuite } from './support/console';
import { accessibilityFindings, settle } from './support/page-checks';
import { openItemVersions, openSystemPage } from './support/system-app';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Issue 43 §1: the demo catalogue's SBOMs in the version drawer and the staff dialog. */
describe('SBOMs in Chromium', () => {
  const suite = useConsoleSuite({ shared: true });

  it("shows a BMC version's SBOM in its drawer, downloads it with the hash shown, and passes axe", async () => {
    const page = await suite.openConsole('demo', '/mirror/custmirrordownload');
    const table = page.getByTestId('firmware-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByTestId('firmware-search').locator('input').fill('m7-bmc-4.1.2');
    await page.getByTestId('firmware-search').locator('input').press('Enter');
    const row = table.locator('tr[data-version="4.1.2"]').filter({ hasText: 'M7 BMC firmware' });
    await row.first().getByRole('button', { name: 'Details' }).click();
    const section = page.getByTestId('version-sbom');
    await section.waitFor();
    expect(await page.getByTestId('sbom-format').innerText()).toBe('CycloneDX 1.6');
    const components = page.getByTestId('sbom-components');
    expect(await components.innerText()).toContain('openssl');
    expect(await components.innerText()).toContain('3.0.13');
    expect(await page.getByTestId('sbom-licences').innerText()).toContain('GPL-2.0-only');

    await settle(page);
    expect(await accessibilityFindings(page, '[data-testid="version-sbom"]')).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('sbom-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('m7-bmc-4.1.2.tar.gz.cdx.json');
    expect(download.url()).toMatch(/[?&]ticket=[\w-]{20,}/);
    const bytes = await readFile(await download.path());
    const shown = (await page.getByTestId('sbom-sha256').innerText()).match(/[0-9a-f]{64}/)?.[0];
    expect(sha256(bytes)).toBe(shown);
    expect(JSON.parse(bytes.toString('utf8')).metadata.component.version).toBe('4.1.2');
  });

  it('opens the staff SBOM dialog of a version, which passes axe', async () => {
    const page = await openSystemPage(suite, 'admin', '/system/publishing');
    await openItemVersions(page, 'm7-bmc');
    await page.getByTestId('sbom-4.1.2').click();
    const summary = page.getByTestId('sbom-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toContain('CycloneDX 1.6');
    await settle(page);
    expect(await accessibilityFindings(page, '.ant-modal')).toEqual([]);
  });
});
