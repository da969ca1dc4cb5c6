import type { Page } from '@portal/contract';
import { count, desc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './connection';

/** A table whose rows have a creation time and an id that grows with every insert. */
type DatedTable = PgTable & { createdAt: PgColumn; id: PgColumn };

/**
 * Page `pageNo` of the rows of `table` that match `where`, newest first, and how many match in all.
 * Rows created in the same instant are ordered by id, the later insert first, so that no row shows
 * on two pages or on none.
 */
export async function newestFirstPage<Table extends DatedTable>(
  db: Db,
  table: Table,
  where: SQL | undefined,
  { pageNo, pageSize }: { pageNo: number; pageSize: number },
): Promise<Page<Table['$inferSelect']>> {
  // Drizzle cannot check the selection of a table left generic: it is read as any table here, and
  // select() of a table answers its whole row, which is what $inferSelect names.
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db
      .select({ value: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows: rows as Table['$inferSelect'][], totalRows: total?.value ?? 0, pageNo };
}
