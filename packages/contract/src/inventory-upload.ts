import { INVENTORY_CSV_COLUMNS, INVENTORY_LIMITS } from './inventory';

/**
 * What an inventory upload may be (issue 34 §1b): the CSV, or an XLSX workbook whose first
 * worksheet has the same columns. The server tells them apart by content, never by name.
 */
export const INVENTORY_UPLOAD_LIMITS = {
  /** The file as sent, either kind (the CSV's limit). */
  bytes: INVENTORY_LIMITS.uploadBytes,
  /**
   * Every part of an XLSX unpacked, counted while inflating (the sizes a ZIP declares can lie):
   * a zip bomb stops here. 100,000 rows of six cells take about 25 MB of sheet XML.
   */
  xlsxUnpackedBytes: 64 * 1024 * 1024,
  /**
   * Rows of the worksheets, counted before any cell is read. The spreadsheet library holds the
   * whole workbook in memory (about 3 KB a row): 10,000 servers of ten components and room to
   * spare, about 350 MB at most; larger inventories go as CSV or in several uploads.
   */
  xlsxRows: INVENTORY_LIMITS.servers * 12,
  /**
   * Cells of the worksheets, counted beside the rows: a few rows of 16,384 cells each held about
   * 800 MB of the library's memory (a security review). The template's columns and two spare.
   */
  xlsxCells: INVENTORY_LIMITS.servers * 12 * (INVENTORY_CSV_COLUMNS.length + 2),
  /**
   * Non-blank lines of a CSV (comments included), as many as an XLSX may have rows (issue 40:
   * 4 million junk lines held the server for minutes). Counted while reading: refused at the first
   * line past it, before any database query. Fields of a CSV count against `xlsxCells`.
   */
  lines: INVENTORY_LIMITS.servers * 12,
  /** Wrong lines listed in the answer; the lines after them are still read and counted. */
  errors: 500,
  /**
   * Wall time of reading and checking one file (a worker thread, off the event loop): past it the
   * worker is stopped and the file refused as too complex (413).
   */
  parseSeconds: 60,
  /** The worker's heap: the spreadsheet library holds a workbook of `xlsxRows` in about 350 MB. */
  parseHeapMb: 768,
} as const;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file types the upload takes (the `accept` of a file picker). */
export const INVENTORY_UPLOAD_ACCEPT = ['.csv', '.xlsx', 'text/csv', XLSX_CONTENT_TYPE] as const;
