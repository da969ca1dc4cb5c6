import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { captureLog } from '../test/log-capture';
import { createTestApp, DRIVERS } from '../test/test-app';
import type { Database } from './connection';
import { pgliteVacuumRounds, type VacuumRound } from './pglite-vacuum';

type Line = { level: number; msg: string; table?: string };

/** Rounds of `pgliteVacuumRounds` over a database whose vacuum answers `answers` in turn; the log lines. */
async function logOfRounds(answers: Partial<VacuumRound>[]): Promise<Line[]> {
  const log = captureLog();
  let next = 0;
  const database = {
    vacuumDue: async () => ({ done: [], failed: [], waitingForSpace: [], ...answers[next++] }),
  } as unknown as Database;
  const rounds = pgliteVacuumRounds(database, pino({ level: 'debug' }, log.stream));
  // Each start runs a round at once; the rounds share their state, as a minute's ticks do.
  for (let round = 0; round < answers.length; round += 1) {
    rounds?.start();
    await rounds?.stop();
  }
  return log.lines.map((line) => JSON.parse(line));
}

const logOfOneRound = (round: Partial<VacuumRound>) => logOfRounds([round]);

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

  it('says once that tables wait for disk space, and once that there is room again, not every minute', async () => {
    const waiting = [{ table: 'pgboss.job_common', freeBytes: 1_000, neededBytes: 40_000_000 }];
    const lines = await logOfRounds([
      { waitingForSpace: waiting },
      { waitingForSpace: waiting },
      { done: [{ table: 'pgboss.job_common', action: 'vacuum', deadRows: 9_000 }] },
      {},
    ]);

    expect(lines.map(({ level, msg }) => ({ level, msg }))).toEqual([
      { level: 40, msg: 'PGlite vacuum waits for disk space: tables left until there is room' },
      { level: 30, msg: 'PGlite vacuum has disk space again' },
      { level: 20, msg: 'PGlite tables vacuumed' },
    ]);
    expect(lines[0]).toMatchObject({ tables: waiting });
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
