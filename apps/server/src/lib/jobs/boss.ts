import { fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '../../db/connection';

export type BossOptions = {
  /** How often each process looks for expired jobs, lost heartbeats and finished jobs to delete. */
  superviseIntervalSeconds: number;
  /** Connections of the queue's own pool on PostgreSQL (one more is held for LISTEN). */
  poolSize: number;
};

/**
 * pg-boss on the portal's database, in its own `pgboss` schema: on PostgreSQL with a small
 * pool of its own (so LISTEN/NOTIFY can wake workers the moment a job is sent), on PGlite
 * through pg-boss's PGlite adapter on the same in-process instance.
 */
export function createBoss(database: Database, options: BossOptions): PgBoss {
  const common = {
    schema: 'pgboss',
    superviseIntervalSeconds: options.superviseIntervalSeconds,
    monitorIntervalSeconds: Math.max(options.superviseIntervalSeconds, 10),
    useListenNotify: true,
    // The portal schedules nothing through pg-boss: its housekeeping runs on a plain timer.
    schedule: false,
  };
  const connection = database.queueConnection;
  if (connection.driver === 'pglite')
    return new PgBoss({ ...common, db: fromPglite(connection.client), backend: 'pglite' });
  return new PgBoss({
    ...common,
    connectionString: connection.url,
    max: options.poolSize,
    application_name: 'portal-jobs',
  });
}
