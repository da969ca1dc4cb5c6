import { INVENTORY_CSV_COLUMNS, INVENTORY_UPLOAD_LIMITS, type Locale } from '@portal/contract';
import type { CellValue, Workbook } from 'exceljs';
import { AppError } from '../../lib/app-error';
import type { MessageKey } from '../../lib/i18n/messages';
import { type ParsedUpload, parseInventoryCsv, parseInventoryRows, type UploadRow } from './inventory-upload';
import { guardXlsx, looksLikeOle2, looksLikeZip, XlsxRefused } from './xlsx-guard';
import { DAY_MS } from '../../lib/clock';

/** The spreadsheet library is large: loaded on the first XLSX, not at start. */
async function newWorkbook(): Promise<Workbook> {
  const { default: ExcelJS } = await import('exceljs');
  return new ExcelJS.Workbook();
}

const SEEN_AT = INVENTORY_CSV_COLUMNS.indexOf('seen_at');
const VERSION = INVENTORY_CSV_COLUMNS.indexOf('version');
/** Day 0 of Excel's serial dates as a Unix day: 1899-12-30 (1900 system) or 1904-01-01. */
const EPOCH_DAYS = { 1900: -25_569, 1904: -24_107 } as const;

type CellRead = { text: string } | { problem: MessageKey; params: Record<string, string | number> };

/**
 * A cell as the CSV would have it. Never evaluated: a formula counts by the result the
 * spreadsheet program saved with it, and is refused without one. A number or a date in the
 * version column is refused: the file keeps the binary number (4.10 is stored as 4.1, "4.10"
 * was only its display format), so the version people meant cannot be read back.
 */
function readCell(value: CellValue, column: number, date1904: boolean): CellRead {
  const name = INVENTORY_CSV_COLUMNS[column] ?? '';
  if (value === null || value === undefined) return { text: '' };
  if (typeof value === 'string') return { text: value.trim() };
  if (typeof value === 'boolean') return { text: String(value) };
  if (typeof value === 'number' || value instanceof Date) {
    // A serial day far outside the calendar (or a date cell holding one) is no date: never a throw.
    const date =
      value instanceof Date ? value : new Date((value + EPOCH_DAYS[date1904 ? 1904 : 1900]) * DAY_MS);
    const iso = Number.isNaN(date.getTime())
      ? undefined
      : new Date(Math.round(date.getTime() / 1000) * 1000).toISOString();
    const shown = typeof value === 'number' ? String(value) : (iso?.slice(0, 10) ?? '');
    if (column === VERSION) return { problem: 'INVENTORY_LINE_VERSION_NOT_TEXT', params: { value: shown } };
    if (column === SEEN_AT)
      return iso && !(typeof value === 'number' && value < 1)
        ? { text: iso }
        : { problem: 'INVENTORY_LINE_DATE', params: { value: shown } };
    // An all-digit SN or slot typed as a number: its digits are exact up to 2^53.
    return { text: typeof value === 'number' ? String(value) : (iso ?? '') };
  }
  if ('error' in value)
    return { problem: 'INVENTORY_LINE_CELL_ERROR', params: { column: name, value: value.error } };
  if ('richText' in value)
    return {
      text: value.richText
        .map((run) => run.text)
        .join('')
        .trim(),
    };
  if ('formula' in value || 'sharedFormula' in value) {
    if (value.result === undefined || value.result === null)
      return { problem: 'INVENTORY_LINE_FORMULA', params: { column: name } };
    return readCell(value.result, column, date1904);
  }
  if ('hyperlink' in value) return { text: String(value.text).trim() };
  return { text: '' };
}

/**
 * Reads an inventory XLSX: its first worksheet, row 1 naming INVENTORY_CSV_COLUMNS, each later
 * row one line of the CSV (its line number is the row number). Refused with a 4xx before any
 * cell is read when it is no workbook, unpacks to more than INVENTORY_UPLOAD_LIMITS allow, or has
 * more rows than they allow. Runs in the upload worker (upload-worker.ts), one file per worker.
 */
export async function parseInventoryXlsx(bytes: Buffer, locale: Locale): Promise<ParsedUpload> {
  try {
    guardXlsx(bytes, {
      unpackedBytes: INVENTORY_UPLOAD_LIMITS.xlsxUnpackedBytes,
      rows: INVENTORY_UPLOAD_LIMITS.xlsxRows,
      cells: INVENTORY_UPLOAD_LIMITS.xlsxCells,
    });
  } catch (error) {
    if (!(error instanceof XlsxRefused)) throw error;
    if (error.reason === 'too-large')
      throw new AppError('FILE_TOO_LARGE', {
        messageKey: 'INVENTORY_XLSX_TOO_LARGE',
        params: { maxMb: INVENTORY_UPLOAD_LIMITS.xlsxUnpackedBytes / 1024 / 1024 },
      });
    if (error.reason === 'too-many-rows')
      throw new AppError('FILE_TOO_LARGE', {
        messageKey: 'INVENTORY_XLSX_TOO_MANY_ROWS',
        params: { max: INVENTORY_UPLOAD_LIMITS.xlsxRows },
      });
    if (error.reason === 'too-many-cells')
      throw new AppError('FILE_TOO_LARGE', {
        messageKey: 'INVENTORY_XLSX_TOO_MANY_CELLS',
        params: { max: INVENTORY_CSV_COLUMNS.length },
      });
    throw new AppError('FILE_TYPE_NOT_ALLOWED', { messageKey: 'INVENTORY_XLSX_DAMAGED' });
  }
  return readWorkbook(bytes, locale);
}

async function readWorkbook(bytes: Buffer, locale: Locale): Promise<ParsedUpload> {
  const workbook = await newWorkbook();
  try {
    await workbook.xlsx.load(bytes as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  } catch {
    throw new AppError('FILE_TYPE_NOT_ALLOWED', { messageKey: 'INVENTORY_XLSX_DAMAGED' });
  }
  const sheet = workbook.worksheets[0];
  const date1904 = workbook.properties.date1904;
  const width = INVENTORY_CSV_COLUMNS.length;
  const cellsOf = (rowNumber: number): CellRead[] => {
    const row = sheet?.getRow(rowNumber);
    return Array.from({ length: width }, (_, i) => readCell(row?.getCell(i + 1).value ?? null, i, date1904));
  };
  const header = cellsOf(1).map((cell) => ('text' in cell ? cell.text : ''));
  function* rows(): Generator<UploadRow> {
    if (!sheet) return;
    for (let line = 2; line <= sheet.rowCount; line++) {
      const cells = cellsOf(line);
      const first = cells[0];
      const sn = first && 'text' in first ? first.text.toUpperCase() : '';
      const problem = cells.find((cell) => 'problem' in cell);
      // A comment row (`#` first) is skipped whatever its other cells hold, as in the CSV.
      if (problem && 'problem' in problem && !sn.startsWith('#'))
        yield { line, sn, problem: problem.problem, params: problem.params };
      else yield { line, fields: cells.map((cell) => ('text' in cell ? cell.text : '')) };
    }
  }
  return parseInventoryRows(header, rows(), locale);
}

/**
 * An uploaded inventory, told apart by its content and never by its name: a ZIP is read as an
 * XLSX workbook, a legacy .xls or other binary file is refused (415), anything else is the CSV
 * in UTF-8. In the calling thread: the server calls parseInventoryFile (upload-parser.ts), which
 * runs this in a worker with a time and a memory cap.
 */
export async function readInventoryFile(bytes: Buffer, locale: Locale): Promise<ParsedUpload> {
  if (looksLikeZip(bytes)) return parseInventoryXlsx(bytes, locale);
  // A NUL in the first line is a binary file (or UTF-16 text); one further down is a wrong line,
  // answered by its number (INVENTORY_LINE_CONTROL).
  const firstLine = bytes.indexOf(0x0a);
  if (looksLikeOle2(bytes) || bytes.subarray(0, firstLine < 0 ? bytes.length : firstLine).includes(0))
    throw new AppError('FILE_TYPE_NOT_ALLOWED', { messageKey: 'INVENTORY_UPLOAD_TYPE' });
  return parseInventoryCsv(bytes.toString('utf8'), locale);
}
