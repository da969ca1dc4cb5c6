import type { SQL } from 'drizzle-orm';
import type { Db } from './connection';

/**
 * The rows of a hand-written (parameterised) query, for the few reads a query builder says less
 * clearly than SQL (window functions over revisions). Both drivers answer `{ rows }`; numeric
 * columns may come back as strings, so callers convert what they read.
 */
export async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
