import { inflateRawSync } from 'node:zlib';

/** Why an XLSX is refused before the spreadsheet library sees it. */
export type XlsxRefusal = 'not-workbook' | 'too-large' | 'too-many-rows' | 'too-many-cells';

export class XlsxRefused extends Error {
  constructor(readonly reason: XlsxRefusal) {
    super(reason);
  }
}

/** A ZIP's first local file header (`PK\3\4`): every XLSX starts with one. */
export function looksLikeZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
}

/** An OLE2 compound file (`D0 CF 11 E0`): a legacy .xls, or an encrypted .xlsx. */
export function looksLikeOle2(bytes: Buffer): boolean {
  return bytes.length >= 8 && bytes.readUInt32BE(0) === 0xd0cf11e0 && bytes.readUInt32BE(4) === 0xa1b11ae1;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Far more parts than any workbook has; a central directory of tiny entries stops here. */
const MAX_ENTRIES = 2000;

type Entry = { name: string; method: number; flags: number; compressedSize: number; localOffset: number };

function centralDirectory(bytes: Buffer): Entry[] {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let at = bytes.length - 22; at >= lowest; at--)
    if (bytes.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  if (eocd < 0) throw new XlsxRefused('not-workbook');
  const count = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  // ZIP64 (0xFFFF / 0xFFFFFFFF markers) has no place in an inventory of a few MB.
  if (count === 0xffff || at === 0xffffffff || count > MAX_ENTRIES) throw new XlsxRefused('not-workbook');
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw new XlsxRefused('not-workbook');
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    if (hasUnicodePath(bytes.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength)))
      throw new XlsxRefused('not-workbook');
    entries.push({
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * Whether these extra fields hold an Info-ZIP Unicode Path (0x7075): JSZip (under exceljs) then
 * names the entry by it, not by the name counted here. No spreadsheet program writes one.
 */
function hasUnicodePath(extra: Buffer): boolean {
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2))
    if (extra.readUInt16LE(at) === 0x7075) return true;
  return false;
}

/**
 * The name exceljs reads an entry by: JSZip resolves `.`, `..` and empty segments (keeping a
 * leading `/`), then exceljs drops one leading `/`.
 */
export function exceljsName(name: string): string {
  const parts = name.split('/');
  const kept: string[] = [];
  parts.forEach((part, index) => {
    if (part === '.' || (part === '' && index !== 0 && index !== parts.length - 1)) return;
    if (part === '..') kept.pop();
    else kept.push(part);
  });
  const resolved = kept.join('/');
  return resolved.startsWith('/') ? resolved.slice(1) : resolved;
}

/**
 * exceljs's own matcher of worksheet parts (lib/xlsx/xlsx.js, exceljs 4.4): no anchor, so
 * `a/xl/worksheets/sheet1.xml` and `xl/worksheets/sheet1.xml.bak` are worksheets to it.
 */
const EXCELJS_WORKSHEET = /xl\/worksheets\/sheet(\d+)[.]xml/;
/** Its shared strings: this exact name (after exceljsName). */
const EXCELJS_SHARED_STRINGS = 'xl/sharedStrings.xml';
/** `<si` or `<x:si` opening one shared string: each is held in memory like a cell. */
const STRING_TAG = /<(?:[A-Za-z_][\w.-]*:)?si[\s>/]/g;

function dataOf(bytes: Buffer, entry: Entry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw new XlsxRefused('not-workbook');
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length) throw new XlsxRefused('not-workbook');
  return bytes.subarray(start, start + entry.compressedSize);
}

/** `<row` or `<x:row` opening a worksheet row (a prefixed SpreadsheetML namespace is legal). */
const ROW_TAG = /<(?:[A-Za-z_][\w.-]*:)?row[\s>/]/g;
/** `<c` or `<x:c` opening a cell: rows are counted, and so are cells (a row may hold 16,384). */
const CELL_TAG = /<(?:[A-Za-z_][\w.-]*:)?c[\s>/]/g;

/**
 * Checks an XLSX before any spreadsheet library unpacks it: a ZIP with a workbook, no encrypted
 * or exotic parts, every part inflated here with a hard output cap (the sizes a ZIP declares are
 * not trusted: a zip bomb stops at `unpackedBytes`), and no more than `rows` rows and `cells`
 * cells in all its worksheets together (every entry exceljs would read as one, issue 40), nor more
 * than `cells` shared strings. Throws XlsxRefused; returns nothing, the library then reads the same bytes.
 */
export function guardXlsx(
  bytes: Buffer,
  limits: { unpackedBytes: number; rows: number; cells: number },
): void {
  const entries = centralDirectory(bytes);
  const names = new Set(entries.map((entry) => exceljsName(entry.name)));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml'))
    throw new XlsxRefused('not-workbook');
  let budget = limits.unpackedBytes;
  let rows = 0;
  let cells = 0;
  let strings = 0;
  for (const entry of entries) {
    if (entry.flags & 1 || (entry.method !== 0 && entry.method !== 8)) throw new XlsxRefused('not-workbook');
    const data = dataOf(bytes, entry);
    let unpacked: Buffer;
    if (entry.method === 0) unpacked = data;
    else if (budget < 1) throw new XlsxRefused('too-large');
    else
      try {
        unpacked = inflateRawSync(data, { maxOutputLength: budget });
      } catch (error) {
        throw new XlsxRefused(
          (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : 'not-workbook',
        );
      }
    budget -= unpacked.length;
    if (budget < 0) throw new XlsxRefused('too-large');
    // Counted on every name exceljs would take as a worksheet: its raw one and the one it reads by.
    const readAs = exceljsName(entry.name);
    if (EXCELJS_WORKSHEET.test(entry.name) || EXCELJS_WORKSHEET.test(readAs)) {
      const xml = unpacked.toString('latin1');
      rows += xml.match(ROW_TAG)?.length ?? 0;
      if (rows > limits.rows) throw new XlsxRefused('too-many-rows');
      cells += xml.match(CELL_TAG)?.length ?? 0;
      if (cells > limits.cells) throw new XlsxRefused('too-many-cells');
    } else if (readAs === EXCELJS_SHARED_STRINGS) {
      // Apart from the cells: a workbook of `cells` distinct strings has as many of both.
      strings += unpacked.toString('latin1').match(STRING_TAG)?.length ?? 0;
      if (strings > limits.cells) throw new XlsxRefused('too-many-cells');
    }
  }
}
