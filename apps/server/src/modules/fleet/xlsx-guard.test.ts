import { crc32 } from 'node:zlib';
import { INVENTORY_UPLOAD_LIMITS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { guardXlsx, XlsxRefused } from './xlsx-guard';
import { WIDE_SHEET, workbookWith } from './xlsx-test-kit';

const LIMITS = {
  unpackedBytes: INVENTORY_UPLOAD_LIMITS.xlsxUnpackedBytes,
  rows: INVENTORY_UPLOAD_LIMITS.xlsxRows,
  cells: INVENTORY_UPLOAD_LIMITS.xlsxCells,
};

const refusal = (bytes: Buffer) => {
  try {
    guardXlsx(bytes, LIMITS);
    return 'passed';
  } catch (error) {
    if (error instanceof XlsxRefused) return error.reason;
    throw error;
  }
};

/**
 * Issue 40 §2: the guard counted only entries named `xl/worksheets/…`, but exceljs (through
 * JSZip) also reads `/xl/worksheets/sheet1.xml`, `a/xl/worksheets/sheet1.xml` (its matcher is a
 * regex without an anchor) and `xl/./worksheets/sheet1.xml` (JSZip resolves `.` and `..`): the
 * wide sheet renamed so was parsed whole (31 s on the event loop). The caps now count every entry
 * exceljs would take as a worksheet, and its shared strings.
 */
describe('XLSX guard on the entry names exceljs reads', () => {
  it.each([
    'xl/worksheets/sheet1.xml',
    '/xl/worksheets/sheet1.xml',
    'a/xl/worksheets/sheet1.xml',
    'xl/./worksheets/sheet1.xml',
    'b/../xl/worksheets/sheet7.xml',
    'zz/xl/worksheets/sheet1.xml.bak',
  ])('counts the cells of %s', (name) => {
    expect(refusal(workbookWith([{ name, content: WIDE_SHEET }]))).toBe('too-many-cells');
  });

  it('counts shared strings, however the part is named', () => {
    const strings = Buffer.from(
      `<sst>${'<si><t>x</t></si>'.repeat(INVENTORY_UPLOAD_LIMITS.xlsxCells + 1)}</sst>`,
    );
    for (const name of ['xl/sharedStrings.xml', '/xl/sharedStrings.xml', 'xl/./sharedStrings.xml'])
      expect(refusal(workbookWith([{ name, content: strings }]))).toBe('too-many-cells');
  });

  it('refuses a name JSZip would take from a Unicode path field instead of the one counted', () => {
    const target = Buffer.from('xl/worksheets/sheet1.xml');
    const shown = 'docProps/custom.xml';
    const field = Buffer.concat([Buffer.from([1]), Buffer.alloc(4), target]);
    field.writeUInt32LE(crc32(Buffer.from(shown)), 1);
    const header = Buffer.alloc(4);
    header.writeUInt16LE(0x7075, 0);
    header.writeUInt16LE(field.length, 2);
    const file = workbookWith([{ name: shown, content: WIDE_SHEET, extra: Buffer.concat([header, field]) }]);
    expect(refusal(file)).toBe('not-workbook');
  });

  it('passes a small sheet under any of these names', () => {
    const small = Buffer.from('<worksheet><sheetData><row><c><v>1</v></c></row></sheetData></worksheet>');
    expect(refusal(workbookWith([{ name: '/xl/worksheets/sheet1.xml', content: small }]))).toBe('passed');
  });
});
