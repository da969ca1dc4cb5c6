// The checks after a cluster bench's load: every download request's record, every task ended,
// none run twice.
import type pg from 'pg';
import type { Transfer } from './cluster-request';

export type TaskEnd = {
  id: number;
  status: string;
  /** One attempt started twice, or two successes. */
  doubleRun: boolean;
  /** More than one pg-boss job carries it. */
  duplicateJob: boolean;
  resultKey: string | null;
  resultSize: number | null;
  endedAt: number | null;
  /** What its log blamed (its first error entry, else its first warning), e.g. TASK_LOG_WORKER_LOST. */
  reason: string | null;
};

/**
 * Waits up to `waitMs` for every task to end (SUCCESS or FAILED), then reads how each ended and
 * whether any ran twice.
 */
export async function waitForTasks(database: pg.Client, ids: number[], waitMs: number) {
  const deadline = Date.now() + waitMs;
  for (let open = ids.length; open > 0 && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { rows } = await database.query<{ n: number }>(
      `select count(*)::int as n from tasks where id = any($1) and status not in ('SUCCESS', 'FAILED')`,
      [ids],
    );
    open = rows[0]?.n ?? 0;
  }
  const { rows } = await database.query<{
    id: number;
    status: string;
    log: Array<{ key: string; level: string; params: { attempt?: number } }>;
    result_key: string | null;
    result_size: string | null;
    ended_at: Date | null;
  }>('select id, status, log, result_key, result_size, ended_at from tasks where id = any($1)', [ids]);
  const { rows: duplicated } = await database.query<{ id: string }>(
    `select data->>'taskId' as id from pgboss.job where name = 'task.run' and data->>'taskId' = any($1::text[])
      group by 1 having count(*) > 1`,
    [ids.map(String)],
  );
  const twoJobs = new Set(duplicated.map((row) => Number(row.id)));
  return new Map<number, TaskEnd>(
    rows.map((task) => {
      const starts = task.log
        .filter((entry) => entry.key === 'TASK_LOG_STARTED')
        .map((entry) => entry.params.attempt);
      const successes = task.log.filter((entry) => entry.key === 'TASK_LOG_SUCCESS').length;
      return [
        task.id,
        {
          id: task.id,
          status: task.status,
          doubleRun: new Set(starts).size !== starts.length || successes > 1,
          duplicateJob: twoJobs.has(task.id),
          resultKey: task.result_key,
          resultSize: task.result_size === null ? null : Number(task.result_size),
          endedAt: task.ended_at?.getTime() ?? null,
          reason:
            (
              task.log.find((entry) => entry.level === 'error') ??
              task.log.find((entry) => entry.level === 'warn')
            )?.key ?? null,
        },
      ];
    }),
  );
}

/**
 * The record of every download request that got its 206, found by its User-Agent: `missing`
 * have none, `started` are still 'started' (nobody confirmed their end); `rows` counts them all.
 */
export async function downloadRecords(database: pg.Client, transfers: Transfer[], since: Date) {
  const { rows } = await database.query<{ tag: string; status: string }>(
    `select r.user_agent as tag, r.status from download_records r join users u on u.id = r.user_id
      where u.account like 'bench\\_%' and r.created_at >= $1`,
    [since],
  );
  const status = new Map(rows.map((row) => [row.tag, row.status]));
  const tags = new Set(transfers.map((transfer) => transfer.tag));
  return {
    rows: rows.length,
    missing: transfers.filter((transfer) => !status.has(transfer.tag)),
    started: transfers.filter((transfer) => status.get(transfer.tag) === 'started'),
    /** Tags of rows left 'started' by requests that never got their 206 (failed after the row was written). */
    orphans: rows.filter((row) => row.status === 'started' && !tags.has(row.tag)).map((row) => row.tag),
  };
}
