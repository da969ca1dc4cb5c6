import { describe, expect, it } from 'vitest';
import { SERIAL_NUMBERS } from '../apps/server/src/db/seed/seed-data';
import { downloadBy } from './support/browser-downloads';
import { clickMenuLink, expectMessage, useConsoleSuite } from './support/console';
import { foreignTexts } from './support/ui-text';

/** The seeded server with PCIe cards of which firmware is published (M7-2U: 25GE NIC, RAID 9560). */
const SERVER = SERIAL_NUMBERS.find((serial) => serial.model === 'M7-2U');

describe('catalogue in Chromium: PCIe firmware lookup and software lists, in Chinese', () => {
  const suite = useConsoleSuite();

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

    // On through the menu (敏捷定制 is the ERP tools page), not by loading the console again.
    const menu = page.getByTestId('nav-menu-horizontal');
    await clickMenuLink(menu, '敏捷定制');
    await page.getByTestId('erp-table').locator('tbody tr.ant-table-row').first().waitFor();
    expect(await page.getByTestId('erp-table').innerText()).toContain('ERP 数据导出工具');

    await clickMenuLink(menu, '固件下载');
    await page.getByRole('tab', { name: 'BIOS/BMC 配置集' }).click();
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
});
