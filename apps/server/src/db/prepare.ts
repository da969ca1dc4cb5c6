import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { serverRoot } from '../lib/server-root';

/**
 * Set on the child process that only prepares the embedded database (migrations, seed, the job
 * queue's schema: main.ts), then exits.
 */
export const PREPARE_ONLY_ENV = 'PORTAL_PREPARE_ONLY';

/** The newest migration this build knows, as drizzle's journal names it. */
async function newestMigration(): Promise<string> {
  const journal = JSON.parse(
    await fs.readFile(path.join(serverRoot, 'drizzle/meta/_journal.json'), 'utf8'),
  ) as { entries: Array<{ tag: string }> };
  return journal.entries.at(-1)?.tag ?? '';
}

/**
 * What preparing gives a data folder, as its stamp records it: the newest migration, the job
 * queue's schema version (pg-boss migrates its own tables, with or without a migration of ours)
 * and whether the demo data is wanted (turned on later, it is seeded then). A start that differs
 * in any of them prepares in the child again; preparing twice changes nothing.
 */
export function preparedState(config: Pick<Config, 'SEED_DEMO'>, migration: string): string {
  // Read at run time: the server's bundle leaves node_modules outside.
  const pgBoss = createRequire(import.meta.url)('pg-boss/package.json') as { pgboss: { schema: number } };
  return `${migration} queue-schema=${pgBoss.pgboss.schema} demo=${config.SEED_DEMO ? 'on' : 'off'}`;
}

/**
 * Node flags of the portal that the preparing child leaves out: a debugger's port (taken by the
 * parent), and the settings that trade speed for a small idle heap (npm start's
 * `--optimize-for-size --max-semi-space-size=2`). The child exits when done, so its idle heap
 * never matters, while with a 2 MiB young generation a sixth of its CPU was garbage collection:
 * a first start took 20.0 s of CPU with them, 17.7 s without (2026-12-06, quiet machine).
 */
export function childFlags(execArgv: readonly string[]): string[] {
  return execArgv.filter(
    (flag) =>
      !flag.startsWith('--inspect') &&
      flag !== '--optimize-for-size' &&
      !flag.startsWith('--max-semi-space-size'),
  );
}

/** The child that prepares failed; it has said why on the same console. */
export class PrepareError extends Error {}

const stampPath = (config: Config) => path.join(config.DATA_DIR, 'pglite', 'portal-prepared');

/**
 * Prepares the embedded database in a short-lived child process when it is new, or this build
 * brings migrations or a job-queue schema it has not had, or the demo data was turned on.
 * Migrating, seeding and installing the job queue's schema grow PGlite's WebAssembly memory and
 * the malloc heap, which a process keeps: done here, the portal would idle about 40 MiB higher
 * after its first start (bench/README.md: memory). The stamp only saves the child on later
 * starts: the parent still migrates and seeds, as a no-op.
 */
export async function prepareInChildProcess(config: Config): Promise<void> {
  const migration = await newestMigration();
  const state = preparedState(config, migration);
  const stamped = await fs.readFile(stampPath(config), 'utf8').catch(() => '');
  if (stamped === state) return;
  await new Promise<void>((resolve, reject) => {
    // Stopping the portal now stops the child first. PGlite has no lock between processes: an
    // orphan still writing would meet the next start's child on the same folder. Listening
    // before spawning: a signal that comes while it forks is then handled once it exists.
    const started: { child?: ChildProcess } = {};
    const forward = (signal: NodeJS.Signals) => started.child?.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    const settle = (error?: Error) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      if (error) reject(error);
      else resolve();
    };
    // The same bundle with the same flags, but a debugger's port and the heap settings that keep
    // the long-running portal small (childFlags); it prints the first-start banner itself. The IPC
    // channel tells it when this process is gone (it then stops).
    const flags = childFlags(process.execArgv);
    const child = spawn(process.execPath, [...flags, ...process.argv.slice(1)], {
      env: { ...process.env, [PREPARE_ONLY_ENV]: '1' },
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    });
    started.child = child;
    child.on('error', settle);
    child.on('exit', (code, signal) =>
      settle(
        code === 0
          ? undefined
          : new PrepareError(
              signal
                ? `Start-up stopped: preparing the embedded database was interrupted (${signal}); the next start prepares it again.`
                : `Start-up failed: preparing the embedded database failed (exit code ${code}); its error is above.`,
            ),
      ),
    );
  });
  await fs.writeFile(stampPath(config), state);
  process.stdout.write(`Embedded database prepared up to migration ${migration} (in a child process).\n`);
}
