import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskFull } from '../lib/pg-errors';
import { mountSmallDisk } from '../test/small-disk';

type Step = { step: string; ok?: boolean; code?: string; message?: string; rows?: unknown[] };

const pgliteUrl = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;

/**
 * What runs in the child: the embedded database on `dataDir`, each statement's outcome sent to
 * the parent. A child, because a PGlite wedged by a failed write blocks its whole process.
 */
const CHILD = `
const { PGlite } = await import(${JSON.stringify(pgliteUrl)});
const [mode, dataDir] = process.argv.slice(1);
const send = (message) => process.send(message);
const db = new PGlite({ dataDir });
await db.waitReady;
const attempt = async (step, sql) => {
  try {
    send({ step, ok: true, rows: (await db.query(sql)).rows });
  } catch (error) {
    send({ step, ok: false, code: error.code, message: error.message });
  }
};
if (mode === 'write') {
  await db.exec("create table kept (id serial primary key, body text)");
  await db.exec("insert into kept (body) select 'committed' from generate_series(1, 500)");
  await db.exec('checkpoint');
  send({ step: 'committed' });
  await new Promise((resolve) => process.once('message', resolve));
  // A statement that must extend a table file.
  await attempt('extend', "insert into kept (body) select repeat('x', 2000) from generate_series(1, 5000)");
  await attempt('after-extend', "select count(*)::int as n from kept");
  // The next write needs a new WAL segment (as every 16 MiB of WAL does).
  await attempt('switch', 'select pg_switch_wal()');
  await attempt('new-segment', "insert into kept (body) values ('needs a new WAL segment')");
  await attempt('after-new-segment', "select count(*)::int as n from kept");
} else {
  await attempt('reopened', "select body, count(*)::int as n from kept group by body order by body");
  await attempt('write', "insert into kept (body) values ('after the disk was freed')");
  await attempt('checkpoint', 'checkpoint');
  await db.close();
  send({ step: 'closed' });
}
`;

/** Runs CHILD in `mode`; `on` hears each step, `wait(step, ms)` resolves with it or null when it does not come. */
function runChild(mode: 'write' | 'reopen', dataDir: string) {
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', CHILD, mode, dataDir], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const steps: Step[] = [];
  const waiters = new Set<() => void>();
  child.on('message', (message: Step) => {
    steps.push(message);
    waiters.forEach((wake) => wake());
  });
  child.on('exit', () => waiters.forEach((wake) => wake()));
  const wait = (step: string, ms: number) =>
    new Promise<Step | null>((resolve) => {
      const check = () => {
        const found = steps.find((candidate) => candidate.step === step);
        if (found || child.exitCode !== null || child.signalCode !== null) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found ?? null);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        resolve(null);
      }, ms);
      waiters.add(check);
      check();
    });
  return { child, steps, wait };
}

/**
 * Issue 31: the embedded database's disk fills up. What PGlite 0.5 does (found here, kept as the
 * test's expectations where they are a guarantee):
 * - a statement that must extend a table file fails with 53100 (disk full: answered 507) and the
 *   instance goes on answering;
 * - a write that needs a new WAL segment also fails with 53100, but PGlite then spins inside its
 *   WebAssembly: the next statement never answers and the process's event loop is blocked (no
 *   request, no probe, no SIGTERM handler runs; only SIGKILL ends it), even once space is freed;
 * - either way nothing committed is lost: with space back, the folder opens, the committed rows
 *   are there, the failed statements left nothing, and it takes writes again.
 */
describe('the embedded database (PGlite) on a full disk', () => {
  let disk: ReturnType<typeof mountSmallDisk> | undefined;
  beforeAll(() => {
    disk = mountSmallDisk('64m');
  });
  afterAll(() => disk?.unmount());

  it('refuses the write (53100) and loses nothing committed: the folder reopens with its data once space is back', async () => {
    if (!disk) throw new Error('no disk');
    const dataDir = path.join(disk.dir, 'pglite');
    const writer = runChild('write', dataDir);
    try {
      expect(await writer.wait('committed', 60_000)).not.toBeNull();
      disk.fill(0);
      writer.child.send('go');

      const extend = await writer.wait('extend', 20_000);
      expect(extend).toMatchObject({ ok: false, code: '53100' });
      // What the error handler answers 507 STORAGE_FULL for.
      expect(diskFull(extend)).toBe(true);
      expect(await writer.wait('after-extend', 10_000)).toMatchObject({ ok: true, rows: [{ n: 500 }] });

      expect(await writer.wait('new-segment', 20_000)).toMatchObject({ ok: false, code: '53100' });
      // PGlite 0.5 never answers this one (see above): a second is long enough for the process
      // to be spinning in it (an answer would come within milliseconds). Whatever it does, the
      // process is ended the only way a wedged one can be, and the folder must survive it. (This
      // waited 5 s, each run, for an answer that never comes.)
      await writer.wait('after-new-segment', 1_000);
    } finally {
      writer.child.kill('SIGKILL');
      disk.free();
    }

    const reader = runChild('reopen', dataDir);
    try {
      expect(await reader.wait('reopened', 60_000)).toMatchObject({
        ok: true,
        rows: [{ body: 'committed', n: 500 }],
      });
      expect(await reader.wait('write', 10_000)).toMatchObject({ ok: true });
      expect(await reader.wait('checkpoint', 10_000)).toMatchObject({ ok: true });
      expect(await reader.wait('closed', 10_000)).not.toBeNull();
    } finally {
      reader.child.kill('SIGKILL');
    }
  }, 180_000);
});
