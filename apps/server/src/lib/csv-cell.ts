/**
 * Where a spreadsheet may start a cell inside our text: the field's start, and after a `,` or `;`
 * (a list separator: Excel in German or French splits on `;` and ignores quotes not at a cell's
 * start) or a line break (a new row there). A cell starting with = + - @ tab or CR, even after
 * spaces or quotes, is read as a formula (OWASP "CSV injection").
 */
const CELL_START_BEFORE_FORMULA = /(?<=^|[,;\r\n])(?=[\s"]*[=+\-@\t\r])/g;
/** A field holding one of these is quoted (RFC 4180, and `;` and tab for spreadsheets that split on them). */
const NEEDS_QUOTES = /[",;\r\n\t]/;

/**
 * One CSV field as every CSV the server writes needs it: each place a cell could start with a
 * formula sign gets a `'` (shown as text), and a field with a separator, quote, line break or tab
 * is quoted. Numbers are written as they are (a number is never a formula).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const raw = String(value);
  const text = raw.replace(CELL_START_BEFORE_FORMULA, "'");
  // A neutralised field is quoted too, so no reader takes its `'` for the cell's end or start.
  return text !== raw || NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of fields, comma-separated (no line break). */
export function csvLine(fields: readonly (string | number | null | undefined)[]): string {
  return fields.map(csvCell).join(',');
}
