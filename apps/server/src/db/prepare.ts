import { spawn } from 'node:child_process';
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

/** The child that prepares failed; it has said why on the same console. */
export class PrepareError extends Error {}

const stampPath = (config: Config) => path.join(config.DATA_DIR, 'pglite', 'portal-prepared');

/**
 * Prepares the embedded database in a short-lived child process when it is new or this build
 * brings migrations it has not had. Migrating, seeding and installing the job queue's schema
 * grow PGlite's WebAssembly memory and the malloc heap, which a process keeps: done here, the portal
 * would idle about 40 MiB higher after its first start (bench/README.md: memory). The stamp
 * only saves the child on later starts: the parent still migrates and seeds, as a no-op.
 */
export async function prepareInChildProcess(config: Config): Promise<void> {
  const migration = await newestMigration();
  const stamped = await fs.readFile(stampPath(config), 'utf8').catch(() => '');
  if (stamped === migration) return;
  await new Promise<void>((resolve, reject) => {
    // The same bundle with the same flags; it prints the first-start banner itself.
    const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      env: { ...process.env, [PREPARE_ONLY_ENV]: '1' },
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new PrepareError(
              `Start-up failed: preparing the embedded database failed (${signal ?? `exit code ${code}`}); its error is above.`,
            ),
          ),
    );
  });
  await fs.writeFile(stampPath(config), migration);
  process.stdout.write(`Embedded database prepared up to migration ${migration} (in a child process).\n`);
}
