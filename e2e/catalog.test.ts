import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SERIAL_NUMBERS } from '../apps/server/src/db/seed/seed-data';
import { expectMessage, fullPathOf, MOBILE, openTabs, useConsoleSuite } from './support/console';
import { DEFAULT_PREFERENCES, resetDisplayPreferences, saveDisplayPreferences } from './support/preferences';
import { foreignTexts } from './support/ui-text';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const SHA256 = /[0-9a-f]{64}/;

/** The seeded server with PCIe cards of which firmware is published (M7-2U: 25GE NIC, RAID 9560). */
const SERVER = SERIAL_NUMBERS.find((serial) => serial.model === 'M7-2U');

/** Clicks `trigger` and returns the file the browser saved. */
async function downloadBy(page: Page, trigger: Locator): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const path = await download.path();
  return { download, bytes: await readFile(path) };
}

const versionRow = (table: Locator, version: string) => table.locator(`tr[data-version="${version}"]`);

/** The SHA-256 shown in a checksum field (its text is the value, plus the copy button's). */
async function shownSha256(field: Locator): Promise<string> {
  return (await field.innerText()).match(SHA256)?.[0] ?? '';
}

describe('catalogue in Chromium', () => {
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
    await page.goto(`${suite.portal.url}/mirror/custmirrordownload`);
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByTestId('firmware-search').locator('input').fill('CVE-2026-10231');
    await page.getByTestId('firmware-search').locator('input').press('Enter');
    await expect
      .poll(async () => (await rowTexts()).map((text) => text.match(/\b[MA]\d BMC firmware\b/)?.[0]).sort())
      .toEqual(['A7 BMC firmware', 'M6 BMC firmware', 'M7 BMC firmware']);

    // Restricted items: the early-access BMC granted to the demo customer's company is found, the
    // lab BIOS granted to others is not, with no filter but the search.
    await page.goto(`${suite.portal.url}/mirror/custmirrordownload`);
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

  it('keeps the firmware filters in the address: a reload or a shared link shows the same list, one tab per filtered list', async () => {
    await saveDisplayPreferences(suite, 'demo', { ...DEFAULT_PREFERENCES, multiTab: true });
    try {
      const page = await suite.openConsole('demo', '/mirror/custmirrordownload');
      await page.getByTestId('multi-tab-bar').waitFor();
      const table = page.getByTestId('firmware-table');
      const rowTexts = (on = page) =>
        on.getByTestId('firmware-table').locator('tbody tr.ant-table-row').allInnerTexts();
      const versions = async (on = page) =>
        (await rowTexts(on)).map((text) => text.match(/\b\d\.\d\.\d\b/)?.[0]).sort();
      const tabTitle = (key: string) =>
        page.getByTestId('multi-tab-bar').locator(`[data-tab-key="${key}"]`).innerText();
      await table.locator('tbody tr.ant-table-row').first().waitFor();

      // A kind, and a search typed without Enter: it goes into the address once typing rests.
      await page.getByTestId('firmware-kind').getByText('BIOS', { exact: true }).click();
      const search = page.getByTestId('firmware-search').locator('input');
      await search.pressSequentially('M6');
      await page.waitForURL(
        (url) => url.searchParams.get('kind') === 'BIOS' && url.searchParams.get('q') === 'M6',
      );
      await expect.poll(() => versions()).toEqual(['5.0.1', '5.1.0', '5.1.2']);
      const listed = await rowTexts();
      expect(listed.every((text) => text.includes('M6 BIOS firmware'))).toBe(true);
      // Each change renamed the page's tab instead of opening one per address; its title says
      // the list is filtered, and how.
      const filteredPath = fullPathOf(page);
      expect(await openTabs(page)).toEqual([filteredPath]);
      expect(await tabTitle(filteredPath)).toBe('Firmware (filtered: BIOS, “M6”)');

      await page.reload();
      await expect.poll(() => rowTexts()).toEqual(listed);
      expect(await search.inputValue()).toBe('M6');
      const selectedKind = page.getByTestId('firmware-kind').locator('.ant-segmented-item-selected');
      expect(await selectedKind.innerText()).toBe('BIOS');
      expect(fullPathOf(page)).toBe(filteredPath);
      expect(await openTabs(page)).toEqual([filteredPath]);

      // The address as a bookmark or a shared link: another browser shows the same list.
      const other = await suite.openConsole('demo', filteredPath);
      await expect.poll(() => rowTexts(other)).toEqual(listed);
      expect(await other.getByTestId('firmware-search').locator('input').inputValue()).toBe('M6');

      // The menu opens the list again in a tab of its own, filtered otherwise: two tabs, two titles.
      await page
        .getByTestId('nav-menu-horizontal')
        .getByRole('link', { name: 'Firmware', exact: true })
        .click();
      await page.waitForURL((url) => url.search === '');
      // The new tab's page is there, the first one hidden behind it (until then, the one shown
      // may still be the first).
      await expect.poll(() => page.getByTestId('firmware-kind').count()).toBe(2);
      await page
        .getByTestId('firmware-kind')
        .filter({ visible: true })
        .getByText('BMC', { exact: true })
        .click();
      await page.waitForURL((url) => url.searchParams.get('kind') === 'BMC');
      const bmcPath = fullPathOf(page);
      // The address changes first, the bar with the next render.
      await expect.poll(() => openTabs(page)).toEqual([filteredPath, bmcPath]);
      expect(await tabTitle(bmcPath)).toBe('Firmware (filtered: BMC)');
      const shown = () => page.getByTestId('firmware-table').filter({ visible: true });
      const shownRows = () => shown().locator('tbody tr.ant-table-row').allInnerTexts();
      await expect
        .poll(async () => {
          const texts = await shownRows();
          return texts.length > 0 && texts.every((text) => / BMC firmware/.test(text));
        })
        .toBe(true);
      const bmcRows = await shownRows();

      // Each tab shows its own list, the one behind kept as it was.
      await page.getByTestId('multi-tab-bar').locator(`[data-tab-key="${filteredPath}"]`).click();
      await page.waitForURL((url) => url.searchParams.get('q') === 'M6');
      await expect.poll(() => shownRows()).toEqual(listed);
      const shownSearch = () =>
        page.getByTestId('firmware-search').filter({ visible: true }).locator('input');
      await expect.poll(() => shownSearch().inputValue()).toBe('M6');
      await page.getByTestId('multi-tab-bar').locator(`[data-tab-key="${bmcPath}"]`).click();
      await page.waitForURL((url) => url.searchParams.get('kind') === 'BMC');
      await expect.poll(() => shownRows()).toEqual(bmcRows);
      expect(await shownSearch().inputValue()).toBe('');
      expect(await openTabs(page)).toEqual([filteredPath, bmcPath]);
    } finally {
      await resetDisplayPreferences(suite, 'demo');
    }
  });

  it('looks PCIe firmware up by SN from a .txt list in Chinese and exports the result', async () => {
    const page = await suite.openConsole('demo', '/mirror/custmirrordownload?tab=pcie', { locale: 'zh-CN' });
    const lookup = page.getByTestId('pcie-lookup');
    await lookup.waitFor();

    // An empty query is refused in the page, another file type too.
    await page.getByTestId('pcie-search').click();
    await expectMessage(page, 'SN 不能为空');
    const fileInput = lookup.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'serials.csv', mimeType: 'text/csv', buffer: Buffer.from('X') });
    await expectMessage(page, '只能上传 .txt 文件');

    await fileInput.setInputFiles({
      name: 'serials.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(`${SERVER?.sn}\nUNKNOWN0001\n`),
    });
    const results = page.getByTestId('pcie-results');
    await results.waitFor();
    const card = results.locator(`tr[data-sn="${SERVER?.sn}"][data-pn="PN-NIC-25G-2P"]`);
    expect(await card.innerText()).toContain('22.36.1010');
    expect(await results.locator('tr[data-sn="UNKNOWN0001"]').innerText()).toContain('序列号不存在');
    expect(await results.locator('tbody tr.ant-table-row').count()).toBe((SERVER?.pcieParts.length ?? 0) + 1);
    expect(await foreignTexts(page, 'zh-CN')).toEqual([]);

    const { download, bytes } = await downloadBy(page, page.getByTestId('pcie-export'));
    expect(download.suggestedFilename()).toBe('pcie-firmware-by-sn.csv');
    const csv = bytes.toString('utf8');
    expect(csv).toContain(SERVER?.sn ?? '?');
    expect(csv).toContain('PN-NIC-25G-2P');
    expect(csv).toContain('UNKNOWN0001');

    // A long list: the page shows the first 100 SNs and says so.
    const many = Array.from({ length: 120 }, (_, i) => `BULK${String(i).padStart(4, '0')}`).join('\n');
    await fileInput.setInputFiles({ name: 'many.txt', mimeType: 'text/plain', buffer: Buffer.from(many) });
    await lookup.getByText('只显示前 100 个序列号（共 120 个）；导出 CSV 可获得全部结果。').waitFor();

    // By part number, typed.
    await page.getByTestId('pcie-by').getByText('按部件号（PN）').click();
    await page.getByTestId('pcie-search').click();
    await expectMessage(page, 'PN 不能为空');
    await page.getByTestId('pcie-values').fill('pn-raid-9560-8i, PN-NOT-SOLD');
    await page.getByTestId('pcie-search').click();
    await expect.poll(() => results.locator('tr[data-pn="PN-RAID-9560-8I"]').count()).toBe(1);
    expect(await results.locator('tr[data-pn="PN-RAID-9560-8I"]').innerText()).toContain('22.36.1010');
    expect(await results.locator('tr[data-pn="PN-NOT-SOLD"]').innerText()).toContain('暂无可下载的固件');
  });

  it('shows the software lists, release notes, ERP tools and a configuration set in Chinese', async () => {
    const page = await suite.openConsole('demo', '/tools/toolsdownload', { locale: 'zh-CN' });
    const current = page.getByTestId('software-platform-current');
    await current.locator('tbody tr.ant-table-row').first().waitFor();
    // "Current" keeps the newest platform version only.
    expect(await current.locator('tbody tr.ant-table-row').count()).toBe(1);
    expect(await current.innerText()).toContain('6.3.0');
    await page.getByRole('tab', { name: '历史版本' }).click();
    const history = page.getByTestId('software-platform-history');
    await expect.poll(() => history.locator('tbody tr.ant-table-row').count()).toBe(3);
    await page.getByRole('tab', { name: '发布说明' }).click();
    const notes = page.getByTestId('section-release-notes');
    await notes.waitFor();
    expect(await notes.innerText()).toContain('多租户');
    expect(await notes.innerText()).toContain('修复');
    await page.getByRole('tab', { name: 'LiveCD' }).click();
    await expect
      .poll(() => page.getByTestId('software-platform-livecd').locator('tbody tr.ant-table-row').count())
      .toBe(3);
    await page.getByRole('tab', { name: 'uKits' }).click();
    await page.getByTestId('software-ukits').locator('tbody tr.ant-table-row').first().waitFor();
    expect(await foreignTexts(page, 'zh-CN')).toEqual([]);

    await page.goto(`${suite.portal.url}/erp_tool`);
    await page.getByTestId('erp-table').locator('tbody tr.ant-table-row').first().waitFor();
    expect(await page.getByTestId('erp-table').innerText()).toContain('ERP 数据导出工具');

    await page.goto(`${suite.portal.url}/mirror/custmirrordownload?tab=config`);
    const configs = page.getByTestId('config-table');
    await configs.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await foreignTexts(page, 'zh-CN')).toEqual([]);
    // The JSON itself is data (English keys such as "Time"), so the language check comes before it.
    await configs.locator('[data-testid^="view-config-"]').first().click();
    const json = page.getByTestId('config-json');
    await json.waitFor();
    const config = JSON.parse(await json.innerText()) as unknown;
    expect(config).toBeTypeOf('object');
  });

  it('fits the firmware table and the version detail on a phone', async () => {
    const page = await suite.openConsole('demo', '/mirror/custmirrordownload', {
      viewport: MOBILE,
      isMobile: true,
      hasTouch: true,
    });
    const table = page.getByTestId('firmware-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    // The page itself does not scroll sideways: the table scrolls inside its own box.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      table: document.querySelector('[data-testid="firmware-table"] .ant-table-content')?.scrollWidth ?? 0,
    }));
    expect(widths.page).toBe(MOBILE.width);
    expect(widths.table).toBeGreaterThan(MOBILE.width);

    await table.locator('tbody tr.ant-table-row').first().getByRole('button', { name: 'Details' }).tap();
    await page.getByTestId('detail-sha256').waitFor();
    const drawer = await page.locator('.ant-drawer-content-wrapper').boundingBox();
    expect(Math.round(drawer?.width ?? 0)).toBe(MOBILE.width);
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
