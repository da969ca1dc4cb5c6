import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { captureLog } from '../test/log-capture';
import { createTestApp, DRIVERS } from '../test/test-app';
import type { Database } from './connection';
import { pgliteVacuumRounds, type VacuumRound } from './pglite-vacuum';

/** One round of `pgliteVacuumRounds` over a database whose vacuum answers `round`; the log lines. */
async function logOfOneRound(round: VacuumRound): Promise<{ level: number; msg: string; table?: string }[]> {
  const log = captureLog();
  const database = { vacuumDue: async () => round } as unknown as Database;
  const rounds = pgliteVacuumRounds(database, pino({ level: 'debug' }, log.stream));
  rounds?.start();
  await rounds?.stop();
  return log.lines.map((line) => JSON.parse(line));
}

describe('the PGlite vacuum rounds', () => {
  it('logs each table whose vacuum failed at warn, with its name, and the vacuumed ones at debug when quick', async () => {
    const lines = await logOfOneRound({
      done: [{ table: 'public.sessions', action: 'vacuum', deadRows: 900 }],
      failed: [{ table: 'pgboss.job_common', error: new Error('could not write block') }],
    });

    expect(lines.map(({ level, msg, table }) => ({ level, msg, table }))).toEqual([
      { level: 40, msg: 'PGlite table not vacuumed', table: 'pgboss.job_common' },
      { level: 20, msg: 'PGlite tables vacuumed', table: undefined },
    ]);
  });

  it('writes nothing when no table was due', async () => {
    expect(await logOfOneRound({ done: [], failed: [] })).toEqual([]);
  });

  it.each(DRIVERS)('a portal on %s runs them only on PGlite (PostgreSQL has autovacuum)', async (driver) => {
    const t = await createTestApp(driver);
    try {
      expect(t.app.services.pgliteVacuum !== null).toBe(driver === 'pglite');
    } finally {
      await t.close();
    }
  });
});
