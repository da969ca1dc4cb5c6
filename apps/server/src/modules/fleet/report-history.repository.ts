import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { rowsOf } from '../../db/raw-rows';
import type { Clock } from '../../lib/clock';
import { DAY_MS } from '../../lib/clock';

/** Rows one DELETE removes: each batch is its own short statement, so no round holds a long lock. */
const PRUNE_BATCH = 5_000;
/** Batches one housekeeping round runs at most; a larger backlog goes on at the next round. */
const PRUNE_MAX_BATCHES = 200;

/**
 * Deletes report history (installed_component_reports) read more than `days` days ago (issue 40),
 * except the last reading of each server's component, so the history always shows what each
 * component was last seen running. Answers the rows removed.
 */
export async function pruneReportHistory(
  db: Db,
  clock: Clock,
  days: number,
  batch = PRUNE_BATCH,
): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - days * DAY_MS).toISOString();
  let removed = 0;
  for (let round = 0; round < PRUNE_MAX_BATCHES; round++) {
    // A later reading of the same component (by seen_at, then id) is what makes a row removable:
    // the index on (sn, component, seen_at) answers that for each candidate.
    const rows = await rowsOf<{ id: number }>(
      db,
      sql`
      delete from installed_component_reports where id in (
        select old.id from installed_component_reports old
        where old.seen_at < ${cutoff}::timestamptz
          and exists (
            select 1 from installed_component_reports later
            where later.sn = old.sn and later.component = old.component
              and (later.seen_at > old.seen_at or (later.seen_at = old.seen_at and later.id > old.id)))
        limit ${batch})
      returning id`,
    );
    const count = rows.length;
    removed += count;
    if (count < batch) break;
  }
  return removed;
}
