import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/connection';
import { seedDatabase } from '../db/seed/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this run (removed at its end) where PGlite templates are kept between test files. */
    testTemplateDir: string;
    /** The run's PostgreSQL cluster (postgres-global-setup.ts), declared here too for benches that import this file alone. */
    postgresAdminUrl: string;
  }
}

export type SeedShape = { demo: boolean; now: Date; passwords: { admin: string; demo: string } };

/**
 * Migrating 33 migrations and seeding (two argon2 hashes) cost 1.5 s on PostgreSQL and 3-8 s on
 * PGlite per test app (issue 41): each shape of seed is built once per run and driver, then
 * copied. PostgreSQL copies a template database (`CREATE DATABASE … TEMPLATE`, a file copy);
 * PGlite loads a dump of the data folder. A template is keyed by the seed's inputs: the demo
 * flag and the instant the seed's dates come from (a test's own `now`, or today's date).
 */
function keyOf(shape: SeedShape, explicitNow: boolean): string {
  const when = explicitNow ? shape.now.toISOString() : shape.now.toISOString().slice(0, 10);
  return createHash('sha256')
    .update(JSON.stringify([shape.demo, when, shape.passwords]))
    .digest('hex')
    .slice(0, 16);
}

async function seeded(database: Database, shape: SeedShape): Promise<void> {
  await database.migrate();
  await seedDatabase(database.db, shape.passwords, shape.now, { demo: shape.demo });
}

/** A new database of the run's PostgreSQL cluster copied from the template of this seed; its URL. */
async function postgresCopy(key: string, shape: SeedShape): Promise<string> {
  const adminUrl = inject('postgresAdminUrl');
  const template = `tpl_${key}`;
  const name = `test_${createHash('sha256').update(`${key}${Math.random()}${process.pid}`).digest('hex').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Test files run in parallel workers: one builds the template, the others wait for it.
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (found.rowCount === 0) {
        await admin.query(`create database ${template}`); // names are hex digests, never input
        const url = new URL(adminUrl);
        url.pathname = `/${template}`;
        const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
        try {
          await seeded(database, shape);
        } finally {
          await database.close();
        }
      }
      await admin.query(`create database ${name} template ${template}`);
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let ownFolder: string | undefined;
function processFolder(): string {
  if (!ownFolder) {
    const folder = mkdtempSync(path.join(tmpdir(), 'portal-templates-'));
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    ownFolder = folder;
  }
  return ownFolder;
}

/** An in-memory PGlite loaded from the run's dump of this seed (made on first use). */
async function pgliteCopy(key: string, shape: SeedShape): Promise<Database> {
  // Projects without the server's global setup (the CLI's tests start portals too) keep their
  // templates in a folder of this process instead.
  const folder = inject('testTemplateDir') ?? processFolder();
  const file = path.join(folder, `pglite-${key}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({});
    try {
      await seeded(database, shape);
      if (database.queueConnection.driver !== 'pglite') throw new Error('expected PGlite');
      const dump = await database.queueConnection.client.dumpDataDir('none');
      mkdirSync(folder, { recursive: true });
      // Parallel workers may build the same template: each writes its own file, then renames.
      const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await database.close();
    }
  }
  return openDatabase({ pgliteLoadDataDir: new Blob([readFileSync(file)]) });
}

/** A migrated and seeded database on the chosen driver, copied from this run's template of the seed. */
export async function openSeededTestDatabase(
  driver: 'pglite' | 'postgres',
  shape: SeedShape,
  explicitNow: boolean,
): Promise<Database> {
  const key = keyOf(shape, explicitNow);
  if (driver === 'pglite') return pgliteCopy(key, shape);
  return openDatabase({ databaseUrl: await postgresCopy(key, shape), poolSize: 4 });
}
