import { zipOfParts } from './xlsx-test-kit';
import { INVENTORY_UPLOAD_LIMITS } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import ExcelJS, { type CellValue } from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedComponents } from '../../db/schema';
import { createServer, referenceModel } from '../../test/catalog-factories';
import { createUser } from '../../test/factories';
import { uploadInventory, XLSX_TYPE } from '../../test/inventory-upload';
import { tokenFor } from '../../test/requests';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DAY_MS } from '../../lib/clock';
import { readInventoryFile } from './inventory-xlsx';

const HEADER = ['sn', 'kind', 'pn', 'slot', 'version', 'seen_at'];

/** A workbook whose first sheet holds these rows (row 1 first). */
async function xlsxOf(rows: CellValue[][], options: { date1904?: boolean } = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  if (options.date1904) workbook.properties.date1904 = true;
  const sheet = workbook.addWorksheet('inventory');
  for (const row of rows) sheet.addRow(row);
  workbook.addWorksheet('notes').addRow(['ignored: only the first sheet is read']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A ZIP of these parts written by hand, each claiming at most 1 KB unpacked (a bomb lies). */
const zipOf = (parts: Record<string, Buffer>): Buffer =>
  zipOfParts(
    Object.entries(parts).map(([name, content]) => ({
      name,
      content,
      declaredSize: Math.min(content.length, 1024),
    })),
    9,
  );

/** The parts a workbook needs to be recognised, around this sheet XML. */
const workbookParts = (sheet: Buffer) => ({
  '[Content_Types].xml': Buffer.from('<Types/>'),
  'xl/workbook.xml': Buffer.from('<workbook/>'),
  'xl/worksheets/sheet1.xml': sheet,
});

/** Excel's serial day (1900 system) of a UTC time. */
const serialOf = (iso: string) => Date.parse(iso) / DAY_MS + 25_569;

/**
 * Issue 34 §1b: the inventory upload takes an XLSX workbook beside the CSV, told apart by
 * content; rows are lines, cells are read without ever evaluating a formula, and a zip bomb or a
 * sheet of too many rows is refused before the library unpacks it. On PGlite only: what is
 * written afterwards is the CSV's path, tested on both drivers in inventory.test.ts.
 */
describe('inventory upload as XLSX', () => {
  let t: TestApp;
  let token: string;
  let mine: string;
  let second: string;
  let foreign: string;

  const upload = (body: Buffer | string, dryRun: '0' | '1', contentType = XLSX_TYPE, locale = 'en-US') =>
    uploadInventory(t.app, token, body, { dryRun, locale, contentType });
  const installed = (sn: string) =>
    t.db
      .select({
        component: installedComponents.component,
        version: installedComponents.version,
        seenAt: installedComponents.seenAt,
      })
      .from(installedComponents)
      .where(eq(installedComponents.sn, sn))
      .orderBy(asc(installedComponents.component));

  beforeAll(async () => {
    // Read in-thread, as the upload worker reads them: a worker of its own per upload (~0.5 s of
    // CPU each in the tests) is what inventory-upload-limits.test.ts and
    // inventory-upload-stall.test.ts test, workbooks included.
    t = await createTestApp('pglite', { fileChecks: { inventory: readInventoryFile } });
    const modelId = (await referenceModel(t.db, 'M7-2U')).id;
    const user = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Sheet Fleet' });
    token = await tokenFor(t.app, user.account, user.password);
    mine = (await createServer(t.db, { modelId, customer: 'Sheet Fleet', pcieParts: ['PN-X'] })).sn;
    second = (await createServer(t.db, { modelId, customer: 'Sheet Fleet' })).sn;
    foreign = (await createServer(t.db, { modelId, customer: 'Other Fleet' })).sn;
  });
  afterAll(() => t.close());

  it('applies a good workbook: text, date cells, serial dates, saved formula results', async () => {
    const file = await xlsxOf([
      HEADER,
      ['# an example row, skipped', 'BMC', null, null, 4.1, null],
      [mine, 'BMC', null, null, '4.10', new Date('2026-11-01T08:00:00Z')],
      [],
      [mine, 'PCIE', 'PN-X', 2, { formula: 'CONCAT("22.36",".1010")', result: '22.36.1010' }, null],
      [second, 'BIOS', null, null, '5.0.0', serialOf('2026-10-02T12:00:00Z')],
    ]);
    const preview = await upload(file, '1');
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ applied: false, errors: [], lines: 3, servers: 2 });
    expect(await installed(mine)).toEqual([]);

    const applied = await upload(file, '0');
    expect(applied.body.data).toMatchObject({ applied: true, errors: [] });
    expect(await installed(mine)).toEqual([
      { component: 'BMC', version: '4.10', seenAt: new Date('2026-11-01T08:00:00Z') },
      { component: 'PCIE:PN-X:2', version: '22.36.1010', seenAt: new Date('2026-11-01T08:00:00Z') },
    ]);
    expect((await installed(second))[0]).toEqual({
      component: 'BIOS',
      version: '5.0.0',
      seenAt: new Date('2026-10-02T12:00:00Z'),
    });
  });

  it('answers every wrong row by its row number and writes nothing, in both languages', async () => {
    const file = await xlsxOf([
      HEADER,
      [second, 'BMC', null, null, '9.9.9', null],
      [foreign, 'BMC', null, null, '1.0.0', null],
      [second, 'BIOS', null, null, 4.1, null],
      [second, 'CPLD', null, null, { formula: 'A1&"x"' }, null],
      [second, 'FAN', null, null, '1.0', null],
      [second, 'PSU', null, null, '1.0', 'yesterday'],
      [second, 'DISK', null, null, { error: '#N/A' }, null],
      // A serial day beyond any calendar: a per-row error, never a 500.
      [second, 'RAID', null, null, '1.0', 1e12],
    ]);
    const answer = await upload(file, '0');
    expect(answer.status).toBe(200);
    expect(answer.body.data.applied).toBe(false);
    expect(answer.body.data.errors.map((error) => [error.line, error.message])).toEqual([
      [3, 'Unknown serial number, or not one of your servers'],
      [4, expect.stringContaining('(4.1), not text: a number loses trailing zeros')],
      [5, expect.stringContaining('Column version holds a formula without a saved result')],
      [6, expect.stringContaining('Unknown component FAN')],
      [7, 'Not a date: yesterday (use 2026-11-01T08:00:00Z)'],
      [8, 'Column version holds the error #N/A'],
      [9, 'Not a date: 1000000000000 (use 2026-11-01T08:00:00Z)'],
    ]);
    const zh = await upload(file, '1', XLSX_TYPE, 'zh-CN');
    expect(zh.body.data.errors[1]?.message).toContain('4.10 会变成 4.1');
    // Not even the good row was written.
    expect((await installed(second)).map((row) => row.component)).toEqual(['BIOS']);
  });

  it('refuses a zip bomb and a sheet of too many rows or cells with a 413, before reading a cell', async () => {
    const bomb = zipOf(workbookParts(Buffer.alloc(INVENTORY_UPLOAD_LIMITS.xlsxUnpackedBytes + 1, 0x20)));
    expect(bomb.length).toBeLessThan(200_000);
    const refused = await upload(bomb, '1');
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe('The workbook unpacks to more than 64 MB: upload fewer rows, or a CSV');

    const rows = Buffer.from(
      `<worksheet><sheetData>${'<row/>'.repeat(INVENTORY_UPLOAD_LIMITS.xlsxRows + 1)}</sheetData></worksheet>`,
    );
    const tall = await upload(zipOf(workbookParts(rows)), '1', 'application/octet-stream', 'zh-CN');
    expect(tall.status).toBe(413);
    expect(tall.body.message).toBe('工作簿超过 120000 行：请分多次上传');

    // A security review: few rows of 16,384 cells each passed the row count, and the library then
    // held about 800 MB. Cells are counted too.
    const wideRow = `<row>${'<c><v>1</v></c>'.repeat(16_384)}</row>`;
    const wide = Buffer.from(`<worksheet><sheetData>${wideRow.repeat(64)}</sheetData></worksheet>`);
    expect(wide.length).toBeLessThan(INVENTORY_UPLOAD_LIMITS.xlsxUnpackedBytes);
    const refusedWide = await upload(zipOf(workbookParts(wide)), '1');
    expect(refusedWide.status).toBe(413);
    expect(refusedWide.body.message).toMatch(/far more cells than the template's 6 columns/);
  });

  it('tells CSV from XLSX by content, whatever the name or type says', async () => {
    // A CSV named .xlsx (sent with the XLSX type) is read as the CSV it is.
    const csv = `${HEADER.join(',')}\n${second},BMC,,,2.0.0,\n`;
    const asCsv = await upload(csv, '1', XLSX_TYPE);
    expect(asCsv.body.data).toMatchObject({ errors: [], lines: 1, changes: [{ sn: second, to: '2.0.0' }] });
    // A workbook named .csv (sent as text/csv) is read as the workbook it is.
    const workbook = await xlsxOf([HEADER, [second, 'BMC', null, null, '2.0.1', null]]);
    const asXlsx = await upload(workbook, '1', 'text/csv');
    expect(asXlsx.body.data).toMatchObject({ errors: [], lines: 1, changes: [{ sn: second, to: '2.0.1' }] });
    // A ZIP that is no workbook, and a legacy .xls: 415, never a 500.
    const zip = await upload(zipOf({ 'readme.txt': Buffer.from('hello') }), '1');
    expect([zip.status, zip.body.message]).toEqual([
      415,
      'Not a readable XLSX workbook (damaged, encrypted, or a ZIP file without a workbook)',
    ]);
    const truncated = await upload(workbook.subarray(0, workbook.length - 40), '1');
    expect(truncated.status).toBe(415);
    const xls = Buffer.from('d0cf11e0a1b11ae1000000000000000000000000', 'hex');
    expect((await upload(xls, '1', 'application/octet-stream')).status).toBe(415);
  });

  it('serves the XLSX template: the columns as text, the examples commented out', async () => {
    const answer = await t.app.inject({
      url: '/api/fleet/inventory/template.xlsx',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe(XLSX_TYPE);
    expect(answer.headers['content-disposition']).toContain('inventory-template.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, ...HEADER]);
    expect(sheet?.getColumn(5).numFmt).toBe('@');
    // Uploaded as it is, the template has nothing to apply and nothing wrong.
    expect((await upload(answer.rawPayload, '1')).body.data).toMatchObject({ lines: 0, errors: [] });
  });
});
