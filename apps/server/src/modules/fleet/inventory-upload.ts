import {
  componentKeyOf,
  INVENTORY_CSV_COLUMNS,
  INVENTORY_KINDS,
  INVENTORY_LIMITS,
  INVENTORY_UPLOAD_LIMITS,
  inventoryComponentSchema,
  type InventoryReport,
  type Locale,
} from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { type MessageKey, translate } from '../../lib/i18n/messages';

export type ParsedUpload = {
  lines: number;
  errors: { line: number; sn: string; message: string }[];
  servers: InventoryReport['servers'];
  /** The first line of each SN, for the errors found once the SNs are checked. */
  lineOf: Map<string, number>;
};

/** The fields a CSV may still hold (INVENTORY_UPLOAD_LIMITS.xlsxCells): shared by its lines. */
type CellBudget = { left: number };

function tooManyCells(): AppError {
  return new AppError('FILE_TOO_LARGE', {
    messageKey: 'INVENTORY_UPLOAD_TOO_MANY_CELLS',
    params: { max: INVENTORY_CSV_COLUMNS.length },
  });
}

/**
 * One CSV line into fields: quotes around a field, "" inside quotes (RFC 4180). Each field is
 * taken from `budget`: a line of millions of commas is refused at the first field past it.
 */
function fieldsOf(line: string, budget: CellBudget): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  const push = () => {
    if (--budget.left < 0) throw tooManyCells();
    fields.push(current.trim());
    current = '';
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') push();
    else current += c;
  }
  push();
  return fields;
}

/** One line of an upload: its fields, or why a cell of it cannot be read (an XLSX cell). */
export type UploadRow =
  | { line: number; fields: string[] }
  | { line: number; sn: string; problem: MessageKey; params: Record<string, string | number> };

/** Each line of `text` (LF or CRLF) with its number, read lazily: a cap stops the reading. */
function* linesOf(text: string): Generator<[number, string]> {
  let start = 0;
  for (let number = 1; start <= text.length; number++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, text[end - 1] === '\r' ? end - 1 : end);
    yield [number, line];
    start = end + 1;
  }
}

/**
 * Reads an inventory CSV (INVENTORY_CSV_COLUMNS, a header line first, `#` lines ignored) into a
 * report, with an error in the reader's language for every line it cannot take. Whether an SN
 * is the uploader's is decided later, by the same rule as the API. Runs in the upload worker
 * (upload-worker.ts); the caps of parseInventoryRows apply, and fields count against
 * INVENTORY_UPLOAD_LIMITS.xlsxCells.
 */
export function parseInventoryCsv(text: string, locale: Locale): ParsedUpload {
  const budget: CellBudget = { left: INVENTORY_UPLOAD_LIMITS.xlsxCells };
  const lines = linesOf(text.replace(/^\uFEFF/, ''));
  const first = lines.next();
  const header = first.done ? [] : fieldsOf(first.value[1], budget);
  function* rows(): Generator<UploadRow> {
    for (const [line, row] of lines)
      // A blank line costs no field (nor a line of the cap): skipped before it is split.
      yield { line, fields: row.trim() === '' ? [] : fieldsOf(row, budget) };
  }
  return parseInventoryRows(header, rows(), locale);
}

/**
 * C0 control characters but the tab: NUL (`_x0000_` in an XLSX cell) cannot be stored at all;
 * and bidi and zero-width characters, which would make one version read as another (issue 40 §3).
 */
const CONTROL =
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  /[\u0000-\u0008\u000A-\u001F\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;
// eslint-disable-next-line no-control-regex -- and what is removed from an SN shown in an error
const CONTROLS = /[\u0000-\u0008\u000A-\u001F]/g;

/**
 * The rule shared by the CSV and the XLSX upload: the header names INVENTORY_CSV_COLUMNS in order,
 * blank lines and lines whose first field starts with `#` are skipped, every other line is one
 * component of one server (its `line` is the CSV line or the spreadsheet row).
 *
 * Caps (issue 40), applied while reading and before any database query, each a 413 in the
 * reader's language: more than INVENTORY_UPLOAD_LIMITS.lines non-blank lines (comments count),
 * more than INVENTORY_LIMITS.servers distinct SNs. Only the first INVENTORY_UPLOAD_LIMITS.errors
 * wrong lines are kept; the lines after them are still read, counted and capped.
 *
 * The same component of the same server on several lines (same SN, same componentKeyOf) is
 * merged, the later line winning: a file is a snapshot, a corrected line is appended below the
 * wrong one, and the duplicate neither counts twice toward componentsPerServer nor writes the
 * history twice.
 */
export function parseInventoryRows(
  header: string[],
  rows: Iterable<UploadRow>,
  locale: Locale,
): ParsedUpload {
  const errors: ParsedUpload['errors'] = [];
  const servers = new Map<string, InventoryReport['servers'][number]>();
  /** Per SN, where each component key sits in its `components`. */
  const slots = new Map<string, Map<string, number>>();
  const names = header.map((name) => name.trim().toLowerCase());
  if (INVENTORY_CSV_COLUMNS.some((name, i) => names[i] !== name)) {
    errors.push({
      line: 1,
      sn: '',
      message: translate(locale, 'INVENTORY_CSV_HEADER', { columns: INVENTORY_CSV_COLUMNS.join(',') }),
    });
    return { lines: 0, errors, servers: [], lineOf: new Map() };
  }
  let lines = 0;
  let nonBlank = 0;
  const named = new Set<string>();
  const lineOf = new Map<string, number>();
  const keep = (error: ParsedUpload['errors'][number]) => {
    if (errors.length < INVENTORY_UPLOAD_LIMITS.errors) errors.push(error);
  };
  for (const row of rows) {
    const line = row.line;
    const blank = 'fields' in row && row.fields.every((field) => field === '');
    if (!blank && ++nonBlank > INVENTORY_UPLOAD_LIMITS.lines)
      throw new AppError('FILE_TOO_LARGE', {
        messageKey: 'INVENTORY_UPLOAD_TOO_MANY_LINES',
        params: { max: INVENTORY_UPLOAD_LIMITS.lines },
      });
    if ('problem' in row) {
      lines++;
      keep({ line, sn: row.sn.replace(CONTROLS, ''), message: translate(locale, row.problem, row.params) });
      continue;
    }
    if (blank || row.fields[0]?.startsWith('#')) continue;
    lines++;
    const [sn = '', kind = '', pn = '', slot = '', version = '', seenAt = ''] = row.fields;
    const upperSn = sn.toUpperCase();
    const fail = (key: MessageKey, params: Record<string, string | number> = {}) =>
      keep({ line, sn: upperSn.replace(CONTROLS, ''), message: translate(locale, key, params) });
    const control = row.fields.findIndex((field) => CONTROL.test(field));
    if (control >= 0) {
      fail('INVENTORY_LINE_CONTROL', { column: INVENTORY_CSV_COLUMNS[control] ?? String(control + 1) });
      continue;
    }
    if (!/^[A-Z0-9-]{1,64}$/.test(upperSn)) {
      fail('INVENTORY_LINE_SN');
      continue;
    }
    // Every SN named counts toward the cap, whatever its line holds: its check is a query.
    named.add(upperSn);
    if (named.size > INVENTORY_LIMITS.servers)
      throw new AppError('FILE_TOO_LARGE', {
        messageKey: 'INVENTORY_TOO_MANY_SERVERS',
        params: { max: INVENTORY_LIMITS.servers },
      });
    // The usual wrong line, told without the schema: a refusal of zod costs ~20 µs, 2 s a cap's worth.
    if (!(INVENTORY_KINDS as readonly string[]).includes(kind.trim().toUpperCase())) {
      fail('INVENTORY_LINE_KIND', { kind });
      continue;
    }
    const component = inventoryComponentSchema.safeParse({
      kind,
      version,
      ...(pn ? { pn } : {}),
      ...(slot ? { slot } : {}),
    });
    if (!component.success) {
      const path = String(component.error.issues[0]?.path[0] ?? '');
      fail(
        path === 'version'
          ? 'INVENTORY_LINE_VERSION'
          : path === 'pn'
            ? 'INVENTORY_LINE_PN'
            : 'INVENTORY_LINE_KIND',
        {
          kind,
        },
      );
      continue;
    }
    const seen = seenAt === '' ? undefined : new Date(seenAt);
    if (seen && Number.isNaN(seen.getTime())) {
      fail('INVENTORY_LINE_DATE', { value: seenAt });
      continue;
    }
    const server = servers.get(upperSn) ?? { sn: upperSn, components: [] };
    const at = slots.get(upperSn) ?? new Map<string, number>();
    const key = componentKeyOf(component.data);
    const before = at.get(key);
    if (before !== undefined) server.components[before] = component.data;
    else {
      if (server.components.length >= INVENTORY_LIMITS.componentsPerServer) {
        fail('INVENTORY_LINE_TOO_MANY', { max: INVENTORY_LIMITS.componentsPerServer });
        continue;
      }
      at.set(key, server.components.length);
      server.components.push(component.data);
    }
    if (!lineOf.has(upperSn)) lineOf.set(upperSn, line);
    if (seen) server.seenAt = seen.toISOString();
    servers.set(upperSn, server);
    slots.set(upperSn, at);
  }
  return { lines, errors, servers: [...servers.values()], lineOf };
}

/** The template people download: the header and two example lines, commented out. */
export const INVENTORY_CSV_TEMPLATE = [
  INVENTORY_CSV_COLUMNS.join(','),
  '# M7S2U24000101,BMC,,,4.1.2,2026-11-01T08:00:00Z',
  '# M7S2U24000101,PCIE,PN-NIC-25G-2P,slot2,22.36.1010,2026-11-01T08:00:00Z',
  '',
].join('\r\n');
