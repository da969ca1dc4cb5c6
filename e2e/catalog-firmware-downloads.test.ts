import { createHash } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { downloadBy } from './support/browser-downloads';
import { clickMenuLink, useConsoleSuite } from './support/console';
import { foreignTexts } from './support/ui-text';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const SHA256 = /[0-9a-f]{64}/;

const versionRow = (table: Locator, version: string) => table.locator(`tr[data-version="${version}"]`);

/** The SHA-256 shown in a checksum field (its text is the value, plus the copy button's). */
async function shownSha256(field: Locator): Promise<string> {
  return (await field.innerText()).match(SHA256)?.[0] ?? '';
}

describe('catalogue in Chromium: firmware downloads', () => {
  const suite = useConsoleSuite();

  it('finds BMC firmware for a model, downloads it with the SHA-256 the page shows, and lists the download in the personal center', async () => {
    const page = await suite.openConsole('demo', '/mirror/custmirrordownload');
    const table = page.getByTestId('firmware-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();

    // Model M7-2U (from the family tree) and kind BMC.
    await page.getByTestId('firmware-model').click();
    await page.locator('.ant-select-tree-title').filter({ hasText: 'M7-2U' }).click();
    await page.getByTestId('firmware-kind').getByText('BMC', { exact: true }).click();
    // Only BMC firmware of the M7 family is left (the CPLD firmware also has a 4.1.2).
    const rowTexts = () => table.locator('tbody tr.ant-table-row').allInnerTexts();
    await expect
      .poll(async () => {
        const texts = await rowTexts();
        return texts.length > 0 && texts.every((text) => text.includes('M7 BMC firmware'));
      })
      .toBe(true);
    const row = versionRow(table, '4.1.2');
    expect(await row.innerText()).toContain('M7 BMC firmware');
    expect(await row.innerText()).toContain('Urgent');

    // The version detail: checksums, notes with their kinds, CVE, compatibility.
    await row.getByRole('button', { name: 'Details' }).click();
    const detail = page.getByTestId('version-detail');
    await detail.waitFor();
    const shown = await shownSha256(page.getByTestId('detail-sha256'));
    expect(shown).toMatch(SHA256);
    expect(await page.getByTestId('detail-md5').innerText()).toMatch(/[0-9a-f]{32}/);
    const text = await detail.innerText();
    expect(text).toContain('HOTFIX');
    expect(text).toContain('Fixed a web session fixation vulnerability');
    expect(text).toContain('CVE-2026-10231');
    expect(await page.getByTestId('detail-compatibility').innerText()).toContain('M7-2U');

    // The open version is part of the address: a reload shows it again.
    expect(new URL(page.url()).searchParams.get('version')).toMatch(/^\d+$/);
    await page.reload();
    expect(await shownSha256(page.getByTestId('detail-sha256'))).toBe(shown);

    const { download, bytes } = await downloadBy(page, page.locator('.ant-drawer-extra').getByRole('button'));
    expect(download.suggestedFilename()).toBe('m7-bmc-4.1.2.tar.gz');
    expect(sha256(bytes)).toBe(shown);
    // The checksum list offered next to it names the same file with the same SHA-256.
    // Its address carries a download ticket made on click, never the session token.
    const sums = await downloadBy(page, page.getByTestId('detail-sha256sums'));
    expect(sums.download.suggestedFilename()).toMatch(/^SHA256SUMS/); // Chromium adds .txt to text/plain
    expect(sums.download.url()).toMatch(/[?&]ticket=[\w-]{20,}/);
    expect(sums.download.url()).not.toContain('token=');
    expect(sums.bytes.toString('utf8')).toContain(`${shown}  m7-bmc-4.1.2.tar.gz`);

    // The reload kept model and kind too (they are in the address).
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({
      model: 'M7-2U',
      kind: 'BMC',
    });

    // Search by CVE id over every model: the fixed BMC version of each family.
    await page.locator('.ant-drawer-close').click();
    // The closing drawer hands focus back to the button that opened it: type only once it is gone.
    await page.waitForURL((url) => !url.searchParams.has('version'));
    await page.getByTestId('version-detail').waitFor({ state: 'detached' });
    // The whole list again as the menu opens it (no model, no kind), not by loading the console again.
    await clickMenuLink(page.getByTestId('nav-menu-horizontal'), 'Firmware');
    await page.waitForURL((url) => url.search === '');
    // The address changes at once, the page renders it a moment later (the router's transition):
    // until then the filters on screen are still M7 and BMC, and a search sent now builds on them
    // (seen once on a loaded machine: only the M7 row found). The kind bar back on "All" shows the
    // page has taken in the cleared address.
    await expect
      .poll(() => page.getByTestId('firmware-kind').locator('.ant-segmented-item-selected').innerText())
      .toBe('All');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByTestId('firmware-search').locator('input').fill('CVE-2026-10231');
    await page.getByTestId('firmware-search').locator('input').press('Enter');
    await expect
      .poll(async () => (await rowTexts()).map((text) => text.match(/\b[MA]\d BMC firmware\b/)?.[0]).sort())
      .toEqual(['A7 BMC firmware', 'M6 BMC firmware', 'M7 BMC firmware']);

    // Restricted items: the early-access BMC granted to the demo customer's company is found, the
    // lab BIOS granted to others is not, with no filter but the search (it replaces the CVE id).
    const search = page.getByTestId('firmware-search').locator('input');
    await search.fill('early access');
    await search.press('Enter');
    await expect.poll(() => rowTexts()).toEqual([expect.stringContaining('4.0.0-rc1')]);
    await search.fill('lab build');
    await search.press('Enter');
    await table.getByText('No versions match').waitFor();

    // The personal center's first tab lists the download, newest first (the record is written
    // when the response has finished, so a reload may be needed to see it).
    const records = page.getByTestId('download-records-table');
    const newestRecord = async () => {
      await page.goto(`${suite.portal.url}/account/center`);
      await records.locator('tbody tr.ant-table-row, tbody tr.ant-table-placeholder').first().waitFor();
      return records
        .locator('tbody tr.ant-table-row')
        .first()
        .innerText({ timeout: 1000 })
        .catch(() => '');
    };
    await expect.poll(newestRecord, { interval: 500 }).toContain('M7 BMC firmware 4.1.2');
    expect(await records.innerText()).toMatch(/1-\d+ of \d+/);
    expect(await foreignTexts(page, 'en-US')).toEqual([]);
  });

  it('lists only public items on the overseas page without sign-in and downloads one', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.portal.url}/user/outseadownload`);
    const table = page.getByTestId('overseas-table');
    const rows = table.locator('tbody tr[data-version-id]');
    await rows.first().waitFor();
    const names = await rows.locator('td:nth-child(2)').allInnerTexts();
    expect(new Set(names)).toEqual(new Set(['Maintenance LiveCD (x86_64)', 'IMS CLI command-line tool']));
    const allRows = names.length;

    // The checksums under the row are the downloaded file's.
    const row = rows.first();
    await row.getByRole('button', { name: /^Show the checksums of / }).click();
    await row.getByRole('button', { name: /^Hide the checksums of / }).waitFor();
    const shown = await shownSha256(table.locator('[data-testid^="row-sha256-"]').first());
    const { bytes } = await downloadBy(page, row.getByRole('button', { name: 'Download' }));
    expect(sha256(bytes)).toBe(shown);

    // A search on the server, and back to the whole list.
    const search = page.getByRole('searchbox', { name: 'Name, version, file name or CVE' });
    await search.fill('IMS CLI');
    await search.press('Enter');
    await expect
      .poll(async () => new Set(await rows.locator('td:nth-child(2)').allInnerTexts()))
      .toEqual(new Set(['IMS CLI command-line tool']));
    await search.fill('');
    await expect.poll(() => rows.count()).toBe(allRows);

    await page.goto(`${suite.portal.url}/user/outseadownloadimscli`);
    await rows.first().waitFor();
    const cliNames = await rows.locator('td:nth-child(2)').allInnerTexts();
    expect(new Set(cliNames)).toEqual(new Set(['IMS CLI command-line tool']));
    expect(page.url()).toContain('/user/outseadownloadimscli');
  });
});
