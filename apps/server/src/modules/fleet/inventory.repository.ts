import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { type installedComponentReports, installedComponents, serialNumbers } from '../../db/schema';

/** SNs per read (one parameter each, 65,535 at most), rows per INSERT (a few array parameters). */
const SLICE = 2000;

/** A component's current row: the version kept, and a contradicting one beside it. */
export type Current = typeof installedComponents.$inferSelect;
/** A line of the history of what each source said. */
export type HistoryRow = typeof installedComponentReports.$inferInsert;

/** What these servers were shipped with (kind or card PN -> version), by SN. */
export async function shippedFirmwareOf(db: Db, sns: string[]): Promise<Map<string, Record<string, string>>> {
  const rows: { sn: string; installed: Record<string, string> }[] = [];
  for (let start = 0; start < sns.length; start += SLICE)
    rows.push(
      ...(await db
        .select({ sn: serialNumbers.sn, installed: serialNumbers.installedFirmware })
        .from(serialNumbers)
        .where(inArray(serialNumbers.sn, sns.slice(start, start + SLICE)))),
    );
  return new Map(rows.map((row) => [row.sn, row.installed]));
}

/** The current row of each component of these servers, by `<sn>\u0000<component>`. */
export async function currentComponentsOf(db: Db, sns: string[]): Promise<Map<string, Current>> {
  const rows: Current[] = [];
  for (let start = 0; start < sns.length; start += SLICE)
    rows.push(
      ...(await db
        .select()
        .from(installedComponents)
        .where(inArray(installedComponents.sn, sns.slice(start, start + SLICE)))),
    );
  return new Map(rows.map((row) => [`${row.sn}\u0000${row.component}`, row]));
}

/** Writes a report's history lines and current rows in one transaction: all of it, or nothing. */
export function storeReport(db: Db, history: HistoryRow[], rows: Current[]): Promise<void> {
  // Each slice in one statement of a few array parameters (unnest): a multi-row VALUES built by
  // the query builder spent seconds in JavaScript for 10,000 servers × 10 components.
  const text = (values: (string | null | undefined)[]) => sql.param(values.map((value) => value ?? null));
  const times = (values: (Date | null | undefined)[]) =>
    sql.param(values.map((value) => value?.toISOString() ?? null));
  const ids = (values: (number | null | undefined)[]) => sql.param(values.map((value) => value ?? null));
  return db.transaction(async (tx) => {
    for (let start = 0; start < history.length; start += SLICE) {
      const part = history.slice(start, start + SLICE);
      await tx.execute(sql`
        insert into installed_component_reports (sn, component, version, source, seen_at, reported_by, recorded_at)
        select * from unnest(${text(part.map((row) => row.sn))}::text[], ${text(part.map((row) => row.component))}::text[],
          ${text(part.map((row) => row.version))}::text[], ${text(part.map((row) => row.source))}::text[],
          ${times(part.map((row) => row.seenAt))}::timestamptz[], ${ids(part.map((row) => row.reportedBy))}::int[],
          ${times(part.map((row) => row.recordedAt))}::timestamptz[])`);
    }
    for (let start = 0; start < rows.length; start += SLICE) {
      const part = rows.slice(start, start + SLICE);
      await tx.execute(sql`
        insert into installed_components (sn, component, kind, pn, slot, version, source, seen_at, reported_by,
          other_version, other_source, other_seen_at)
        select * from unnest(${text(part.map((row) => row.sn))}::text[], ${text(part.map((row) => row.component))}::text[],
          ${text(part.map((row) => row.kind))}::text[], ${text(part.map((row) => row.pn))}::text[],
          ${text(part.map((row) => row.slot))}::text[], ${text(part.map((row) => row.version))}::text[],
          ${text(part.map((row) => row.source))}::text[], ${times(part.map((row) => row.seenAt))}::timestamptz[],
          ${ids(part.map((row) => row.reportedBy))}::int[], ${text(part.map((row) => row.otherVersion))}::text[],
          ${text(part.map((row) => row.otherSource))}::text[], ${times(part.map((row) => row.otherSeenAt))}::timestamptz[])
        on conflict (sn, component) do update set
          kind = excluded.kind, pn = excluded.pn, slot = excluded.slot, version = excluded.version,
          source = excluded.source, seen_at = excluded.seen_at, reported_by = excluded.reported_by,
          other_version = excluded.other_version, other_source = excluded.other_source,
          other_seen_at = excluded.other_seen_at`);
    }
  });
}
