import { INVENTORY_LIMITS } from './inventory';

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
  /** Rows of the worksheets, counted before any cell is read: the servers limit times ten components, doubled. */
  xlsxRows: INVENTORY_LIMITS.servers * 20,
} as const;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file types the upload takes (the `accept` of a file picker). */
export const INVENTORY_UPLOAD_ACCEPT = ['.csv', '.xlsx', 'text/csv', XLSX_CONTENT_TYPE] as const;
