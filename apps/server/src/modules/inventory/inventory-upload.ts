import {
  INVENTORY_CSV_COLUMNS,
  INVENTORY_LIMITS,
  inventoryComponentSchema,
  type InventoryReport,
  type Locale,
} from '@portal/contract';
import { translate } from '../../lib/i18n/messages';

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

/**
 * Reads an inventory CSV (INVENTORY_CSV_COLUMNS, a header line first, `#` lines ignored) into a
 * report, with an error in the reader's language for every line it cannot take. Whether an SN
 * is the uploader's is decided later, by the same rule as the API.
 */
export function parseInventoryCsv(text: string, locale: Locale): ParsedUpload {
  const rows = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const errors: ParsedUpload['errors'] = [];
  const servers = new Map<string, InventoryReport['servers'][number]>();
  const header = fieldsOf(rows[0] ?? '').map((name) => name.toLowerCase());
  if (INVENTORY_CSV_COLUMNS.some((name, i) => header[i] !== name)) {
    errors.push({
      line: 1,
      sn: '',
      message: translate(locale, 'INVENTORY_CSV_HEADER', { columns: INVENTORY_CSV_COLUMNS.join(',') }),
    });
    return { lines: 0, errors, servers: [], lineOf: new Map() };
  }
  let lines = 0;
  const lineOf = new Map<string, number>();
  for (const [index, raw] of rows.entries()) {
    if (index === 0 || raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
    lines++;
    const line = index + 1;
    const [sn = '', kind = '', pn = '', slot = '', version = '', seenAt = ''] = fieldsOf(raw);
    const upperSn = sn.toUpperCase();
    const fail = (key: Parameters<typeof translate>[1], params: Record<string, string | number> = {}) =>
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
