import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { installedComponents } from '../../db/schema';
import { INVENTORY_CSV_HEADER as HEADER, portalWithCustomer, XLSX_TYPE } from '../../test/inventory-upload';
import { DRIVERS } from '../../test/test-app';
import { readInventoryFile } from './inventory-xlsx';

// Split from inventory-upload-limits.test.ts: that file holds the caps the upload worker applies
// before any query (PGlite only); this one what reaches the database, or is kept from it.

/**
 * A workbook whose first row holds these cells, with `marker` (a text cell, stored) replaced
 * byte for byte by `raw`, as a hostile file can hold it (`_x0000_` is Excel's escape of NUL).
 */
async function xlsxWithRaw(row: string[], marker: string, raw: string): Promise<Buffer> {
  expect(raw.length).toBe(marker.length);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('inventory');
  sheet.addRow(HEADER.split(','));
  sheet.addRow(row);
  const file = Buffer.from(await workbook.xlsx.writeBuffer({ zip: { compression: 'STORE' } } as never));
  file.write(raw, file.indexOf(marker), 'latin1');
  return file;
}

// What is applied, or kept from being applied, is the database's: on both drivers.
describe.each(DRIVERS)('inventory upload checked before it is applied on %s', (driver) => {
  // The upload worker reads a file before any query, the same on both drivers: PGlite's portal
  // reads uploads in it, PostgreSQL's in-thread, as inventory.test.ts does (a worker per upload is
  // about 0.5 s of CPU in the tests; this file took 21.7 s in CI-BW with a worker on both).
  const { fleet, upload } = portalWithCustomer(
    driver,
    driver === 'postgres' ? { fileChecks: { inventory: readInventoryFile } } : {},
  );

  it('refuses a NUL or another control character by its line, in the CSV and the XLSX', async () => {
    const { t, mine } = fleet;
    const csv = [
      HEADER,
      `${mine},BMC,,,1.2.0,`,
      `${mine},BIOS,,,1.0\u0000,`,
      `${mine},CPLD,,slot\u0001,1.0,`,
    ].join('\n');
    const answer = await upload(csv, '0');
    expect(answer.status).toBe(200);
    expect(answer.body.data.applied).toBe(false);
    expect(answer.body.data.errors).toEqual([
      { line: 3, sn: mine, message: 'Column version holds a control character (such as NUL): remove it' },
      { line: 4, sn: mine, message: 'Column slot holds a control character (such as NUL): remove it' },
    ]);
    const zh = await upload(csv, '1', 'zh-CN');
    expect(zh.body.data.errors[0]?.message).toBe('version 列含有控制字符（如 NUL）：请删除');

    // `_x0000_` in a cell becomes a NUL: refused in the dry run already, never a 400 at the apply.
    const xlsx = await xlsxWithRaw(
      [mine, 'BMC', '', '', '1.0.0 AAAAAAA', ''],
      '1.0.0 AAAAAAA',
      '1.0_x0000_AAA',
    );
    for (const dryRun of ['1', '0'] as const) {
      const sheet = await upload(xlsx, dryRun, 'en-US', XLSX_TYPE);
      expect(sheet.status).toBe(200);
      expect(sheet.body.data).toMatchObject({ applied: false, lines: 1 });
      expect(sheet.body.data.errors.map((error) => [error.line, error.message])).toEqual([
        [2, 'Column version holds a control character (such as NUL): remove it'],
      ]);
    }
    expect(await t.db.select().from(installedComponents).where(eq(installedComponents.sn, mine))).toEqual([]);
  });

  it('applies duplicates of one component once, the later line winning', async () => {
    const { t, mine } = fleet;
    const csv = [
      HEADER,
      ...Array.from({ length: 80 }, (_, i) => `${mine},BMC,,,1.0.${i},`),
      `${mine},BIOS,,,5.0.0,`,
      `${mine},BMC,,,1.2.0,`,
    ].join('\n');
    const answer = await upload(csv, '0');
    expect(answer.body.data).toMatchObject({ applied: true, errors: [], lines: 82, servers: 1, changed: 2 });
    const rows = await t.db
      .select({ component: installedComponents.component, version: installedComponents.version })
      .from(installedComponents)
      .where(eq(installedComponents.sn, mine))
      .orderBy(asc(installedComponents.component));
    expect(rows).toEqual([
      { component: 'BIOS', version: '5.0.0' },
      { component: 'BMC', version: '1.2.0' },
    ]);
  });
});
