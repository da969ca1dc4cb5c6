import {
  INVENTORY_CSV_COLUMNS,
  INVENTORY_LIMITS,
  inventoryComponentSchema,
  type InventoryReport,
  type Locale,
} from '@portal/contract';
import { type MessageKey, translate } from '../../lib/i18n/messages';

export type ParsedUpload = {
  lines: number;
  errors: { line: number; sn: string; message: string }[];
  servers: InventoryReport['servers'];
  /** The first line of each SN, for the errors found once the SNs are checked. */
  lineOf: Map<string, number>;
};

/** One CSV line into fields: quotes around a field, "" inside quotes (RFC 4180). */
function fieldsOf(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(current);
      current = '';
    } else current += c;
  }
  fields.push(current);
  return fields.map((field) => field.trim());
}

/** One line of an upload: its fields, or why a cell of it cannot be read (an XLSX cell). */
export type UploadRow =
  | { line: number; fields: string[] }
  | { line: number; sn: string; problem: MessageKey; params: Record<string, string | number> };

/**
 * Reads an inventory CSV (INVENTORY_CSV_COLUMNS, a header line first, `#` lines ignored) into a
 * report, with an error in the reader's language for every line it cannot take. Whether an SN
 * is the uploader's is decided later, by the same rule as the API.
 */
export function parseInventoryCsv(text: string, locale: Locale): ParsedUpload {
  const rows = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  function* lines(): Generator<UploadRow> {
    for (let index = 1; index < rows.length; index++)
      yield { line: index + 1, fields: fieldsOf(rows[index] ?? '') };
  }
  return parseInventoryRows(fieldsOf(rows[0] ?? ''), lines(), locale);
}

/**
 * The rule shared by the CSV and the XLSX upload: the header names INVENTORY_CSV_COLUMNS in order,
 * blank lines and lines whose first field starts with `#` are skipped, every other line is one
 * component of one server (its `line` is the CSV line or the spreadsheet row).
 */
export function parseInventoryRows(
  header: string[],
  rows: Iterable<UploadRow>,
  locale: Locale,
): ParsedUpload {
  const errors: ParsedUpload['errors'] = [];
  const servers = new Map<string, InventoryReport['servers'][number]>();
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
  const lineOf = new Map<string, number>();
  for (const row of rows) {
    const line = row.line;
    if ('problem' in row) {
      lines++;
      errors.push({ line, sn: row.sn, message: translate(locale, row.problem, row.params) });
      continue;
    }
    if (row.fields.every((field) => field === '') || row.fields[0]?.startsWith('#')) continue;
    lines++;
    const [sn = '', kind = '', pn = '', slot = '', version = '', seenAt = ''] = row.fields;
    const upperSn = sn.toUpperCase();
    const fail = (key: MessageKey, params: Record<string, string | number> = {}) =>
      errors.push({ line, sn: upperSn, message: translate(locale, key, params) });
    if (!/^[A-Z0-9-]{1,64}$/.test(upperSn)) {
      fail('INVENTORY_LINE_SN');
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
    if (server.components.length >= INVENTORY_LIMITS.componentsPerServer) {
      fail('INVENTORY_LINE_TOO_MANY', { max: INVENTORY_LIMITS.componentsPerServer });
      continue;
    }
    server.components.push(component.data);
    if (!lineOf.has(upperSn)) lineOf.set(upperSn, line);
    if (seen) server.seenAt = seen.toISOString();
    servers.set(upperSn, server);
  }
  if (servers.size > INVENTORY_LIMITS.servers)
    errors.push({
      line: 0,
      sn: '',
      message: translate(locale, 'INVENTORY_TOO_MANY_SERVERS', { max: INVENTORY_LIMITS.servers }),
    });
  return { lines, errors, servers: [...servers.values()], lineOf };
}

/** The template people download: the header and two example lines, commented out. */
export const INVENTORY_CSV_TEMPLATE = [
  INVENTORY_CSV_COLUMNS.join(','),
  '# M7S2U24000101,BMC,,,4.1.2,2026-11-01T08:00:00Z',
  '# M7S2U24000101,PCIE,PN-NIC-25G-2P,slot2,22.36.1010,2026-11-01T08:00:00Z',
  '',
].join('\r\n');
