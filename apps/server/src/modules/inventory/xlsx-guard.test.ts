import { crc32, deflateRawSync } from 'node:zlib';
import { INVENTORY_UPLOAD_LIMITS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { guardXlsx, XlsxRefused } from './xlsx-guard';

type Part = { name: string; content: Buffer; extra?: Buffer };

/** A ZIP of these parts, written by hand (an extra field in the central directory, if given). */
export function zipOfParts(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, content, extra = Buffer.alloc(0) } of parts) {
    const data = deflateRawSync(content, { level: 1 });
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(content), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(content), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName, extra);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The wide sheet of the security review: 64 rows of 16,384 cells (1,048,576 cells). */
export const WIDE_SHEET = Buffer.from(
  `<worksheet><sheetData>${`<row>${'<c><v>1</v></c>'.repeat(16_384)}</row>`.repeat(64)}</sheetData></worksheet>`,
);

/** A workbook of these parts besides the two every workbook has. */
export const workbookWith = (parts: Part[]) =>
  zipOfParts([
    { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
    { name: 'xl/workbook.xml', content: Buffer.from('<workbook/>') },
    ...parts,
  ]);

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
