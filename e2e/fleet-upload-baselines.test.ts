import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useConsoleSuite } from './support/console';
import { LIST_PATH } from './support/my-servers';
import { expectAccessible, openConsoleAs, saveScreenshot } from './support/page-checks';

describe('my servers in Chromium: inventory upload', () => {
  const suite = useConsoleSuite();

  it(
    'previews an inventory upload: a wrong line is listed and Apply stays disabled',
    { timeout: 90_000 },
    async () => {
      const page = await openConsoleAs(suite, LIST_PATH, 'en-US', 'desktop');
      await page.getByTestId('fleet-table').locator('tbody tr.ant-table-row').first().waitFor();
      await page.getByTestId('fleet-upload').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'inventory.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('sn,kind,pn,slot,version,seen_at\nNOT-MY-SERVER-1,BMC,,,9.9.9,\n'),
      });
      await dialog.getByTestId('upload-errors').waitFor();
      expect(await dialog.getByTestId('upload-errors').innerText()).toContain('NOT-MY-SERVER-1');
      expect(await dialog.getByTestId('upload-apply').isDisabled()).toBe(true);
      await expectAccessible(page, '.ant-modal', 'the upload dialog');
      await saveScreenshot(page, 'fleet-upload-preview-en-US-desktop');

      // An Excel workbook in the same dialog, told apart by content: its rows are its lines.
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('inventory');
      sheet.addRow(['sn', 'kind', 'pn', 'slot', 'version', 'seen_at']);
      sheet.addRow(['NOT-MY-SERVER-2', 'BMC', null, null, '9.9.9', null]);
      sheet.addRow(['NOT-MY-SERVER-3', 'BIOS', null, null, 4.1, null]);
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'inventory.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
      });
      await expect.poll(() => dialog.getByTestId('upload-errors').innerText()).toContain('NOT-MY-SERVER-2');
      expect(await dialog.getByTestId('upload-errors').innerText()).toContain('4.10 becomes 4.1');
      expect(await dialog.getByTestId('upload-apply').isDisabled()).toBe(true);
    },
  );
});
