import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { BUNDLE_MANIFEST_CSV, BUNDLE_SHA256SUMS } from '@portal/contract';
import { readTar, verifySums } from '../apps/server/src/modules/tasks/bundle-check';
import { expectMessage, useConsoleSuite } from './support/console';

describe('background tasks in Chromium', () => {
  const suite = useConsoleSuite();

  it('creates an SN bundle task from a .txt list, watches it succeed and downloads a bundle whose SHA256SUMS hold', async () => {
    const page = await suite.openConsole('demo', '/mirror/custmirrordownload?tab=bundle');
    const form = page.getByTestId('bundle-task-form');
    await form.waitFor();
    // Nothing typed: refused in the page with the lookup's message.
    await page.getByTestId('bundle-create').click();
    await expectMessage(page, 'SN can not be null');

    await form.locator('input[type="file"]').setInputFiles({
      name: 'servers.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('M7S2U24000101\nM6S1U22000417\n'),
    });
    const created = page.getByTestId('task-created');
    await created.waitFor();
    expect(await created.innerText()).toContain('You can check it later under Personal center > Tasks.');
    await created.getByRole('link').click();

    // The personal center's Tasks tab: the status changes by itself, without a reload.
    const table = page.getByTestId('tasks-table');
    await table.waitFor();
    const row = table.locator('tbody tr.ant-table-row').first();
    expect(await row.innerText()).toContain('SN: M7S2U24000101, M6S1U22000417');
    await expect.poll(() => row.getByTestId('task-status').innerText(), { timeout: 30_000 }).toBe('Success');

    await row.getByTestId('task-log-open').click();
    const log = page.getByTestId('task-log');
    await log.waitFor();
    expect(await log.innerText()).toContain('SN M6S1U22000417: model M6-1U');
    const shownSha = (await log.getByTestId('task-result-sha256').innerText()).trim();
    await page.keyboard.press('Escape');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByTestId('task-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^firmware-bundle-\d+\.tar$/);
    const bundle = await readFile(await download.path());
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(bundle).digest('hex')).toBe(shownSha);
    const files = readTar(bundle);
    const listed = verifySums(files.get(BUNDLE_SHA256SUMS)?.toString('utf8') ?? '', files);
    expect(listed.filter((name) => name.startsWith('firmware/')).length).toBeGreaterThan(5);
    const csv = files.get(BUNDLE_MANIFEST_CSV)?.toString('utf8') ?? '';
    expect(csv).toContain('M6S1U22000417,,M6-1U,BMC,');
    expect(csv).toContain('M7S2U24000101,PN-NIC-25G-2P,M7-2U,PCIE,');
  });

  it('builds a custom LiveCD from the Chinese page', async () => {
    const page = await suite.openConsole('demo', '/mirror/custmirrordownload?tab=livecd', {
      locale: 'zh-CN',
    });
    const form = page.getByTestId('livecd-task-form');
    await form.waitFor();
    await page.getByTestId('livecd-create').click();
    await page.getByText('请选择基础 LiveCD 镜像').waitFor();
    await page.getByTestId('livecd-base').click();
    await page.locator('.ant-select-item-option[title*="2.4.0 (x86_64)"]').click();
    await page.getByTestId('livecd-components').click();
    await page.keyboard.type('25GE');
    await page.locator('.ant-select-item-option[title*="25GE"]').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('livecd-label').fill('E2E_LIVECD');
    await page.getByTestId('livecd-create').click();
    const created = page.getByTestId('task-created');
    await created.waitFor();
    expect(await created.innerText()).toContain('任务已创建');
    await created.getByRole('link').click();
    const row = page.getByTestId('tasks-table').locator('tbody tr.ant-table-row').first();
    await row.waitFor();
    expect(await row.innerText()).toContain('定制 LiveCD');
    await expect.poll(() => row.getByTestId('task-status').innerText(), { timeout: 30_000 }).toBe('成功');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByTestId('task-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^livecd-\d+-E2E_LIVECD\.iso$/);
    const iso = await readFile(await download.path());
    expect(iso.subarray(16 * 2048 + 1, 16 * 2048 + 6).toString('ascii')).toBe('CD001');
  });
});
