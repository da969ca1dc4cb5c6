import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { type Database, openDatabase, pgliteDatabase } from '../db/connection';
import { releaseNotes } from '../db/schema';
import { seedDatabase } from '../db/seed/seed';
import { seedDay } from '../db/seed/seed-dates';
import { DAY_MS } from '../lib/clock';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { testPortalEnv } from './test-config';
import {
  dropTemplateRows,
  keepTemplateRows,
  markTemplateState,
  type ResetPlan,
  resetPlanOf,
  resetToTemplate,
} from './pglite-reuse';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this run (removed at its end) where PGlite templates are kept between test files. */
    testTemplateDir: string;
    /** The run's PostgreSQL cluster (postgres-global-setup.ts), declared here too for benches that import this file alone. */
    postgresAdminUrl: string;
  }
}

export type SeedShape = { demo: boolean; now: Date; passwords: { admin: string; demo: string } };

/** The seeded accounts' passwords in every test database (test-app.ts: ADMIN_PASSWORD, DEMO_PASSWORD). */
export const TEST_PASSWORDS = { admin: 'Admin#Pass1', demo: 'Demo#Pass1' };

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

/**
 * The template a seed is copied from, and the days to move the copy's dates by. Without the demo,
 * the seed's only dates are its release notes, whole days before the day of seeding
 * (demoReleaseNotes): one template, seeded today, serves every day, its copy moved to the day
 * asked for. Tests that start their clock on a day of their own (the PSIRT deadlines') then
 * no longer build and load a template of their own. The demo's many dates keep one per day.
 */
function templateOf(
  shape: SeedShape,
  explicitNow: boolean,
): { key: string; seed: SeedShape; shiftDays: number } {
  if (shape.demo) return { key: keyOf(shape, explicitNow), seed: shape, shiftDays: 0 };
  const seed = { ...shape, now: new Date() };
  const shiftDays = (Date.parse(seedDay(shape.now)) - Date.parse(seedDay(seed.now))) / DAY_MS;
  return { key: keyOf(seed, false), seed, shiftDays };
}

/** Moves the dates templateOf's copy of a seed without the demo holds by `days`. */
async function shiftSeedDates(database: Database, days: number): Promise<void> {
  if (days === 0) return;
  await database.db
    .update(releaseNotes)
    .set({ releasedAt: sql`${releaseNotes.releasedAt} + make_interval(days => ${days})` });
}

async function seeded(database: Database, shape: SeedShape): Promise<void> {
  await database.migrate();
  await seedDatabase(database.db, shape.passwords, shape.now, { demo: shape.demo });
  // pg-boss's schema and the portal's queues too, as a first start leaves them: each test app's
  // queue then starts as a portal's second start does, finding both, instead of installing the
  // schema and creating ten queues.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-template-'));
  try {
    const app = await buildApp({ config: loadConfig(testPortalEnv(dataDir)), database, logger: false });
    await app.ready();
    await app.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Makes the cluster's template database of this seed unless it is there. Test files run in
 * parallel workers: one builds it, the others wait for it (the caller holds its advisory lock).
 */
async function ensurePostgresTemplate(
  admin: pg.Client,
  adminUrl: string,
  template: string,
  shape: SeedShape,
) {
  const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
  if (found.rowCount !== 0) return;
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

/** Runs `work` with the cluster's admin connection, holding the lock of `template`. */
async function withTemplateLock<T>(
  adminUrl: string,
  template: string,
  work: (admin: pg.Client) => Promise<T>,
): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      return await work(admin);
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
  } finally {
    await admin.end();
  }
}

/** A new database of the run's PostgreSQL cluster copied from the template of this seed; its URL. */
async function postgresCopy(key: string, shape: SeedShape): Promise<string> {
  const adminUrl = inject('postgresAdminUrl');
  const template = `tpl_${key}`;
  const name = `test_${createHash('sha256').update(`${key}${Math.random()}${process.pid}`).digest('hex').slice(0, 12)}`;
  await withTemplateLock(adminUrl, template, async (admin) => {
    await ensurePostgresTemplate(admin, adminUrl, template, shape);
    await admin.query(`create database ${name} template ${template}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Where this run's PGlite templates are: the run's folder the server's and the CLI's global setups
 * provide (runTemplateDir), or, where no setup provides one (a bench), a folder of this process.
 */
const templateFolder = () => inject('testTemplateDir') ?? processFolder();

let ownFolder: string | undefined;
function processFolder(): string {
  if (!ownFolder) {
    const folder = mkdtempSync(path.join(tmpdir(), 'portal-templates-'));
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    ownFolder = folder;
  }
  return ownFolder;
}

/**
 * Templates' bytes kept by this worker (test files share it, vitest `isolate: false`): reading a
 * 29 MB file for every test app cost as much as loading it. A few seeds only: a test's own `now`
 * makes a template of its own when it seeds the demo (templateOf).
 */
const loadedTemplates = new Map<string, Buffer>();
const KEPT_TEMPLATES = 4;

function templateBytes(file: string): Buffer {
  let bytes = loadedTemplates.get(file);
  if (!bytes) {
    bytes = readFileSync(file);
    if (loadedTemplates.size >= KEPT_TEMPLATES) loadedTemplates.delete(loadedTemplates.keys().next().value!);
    loadedTemplates.set(file, bytes);
  }
  return bytes;
}

/**
 * PGlite reads its `loadDataDir` once with `arrayBuffer()`; Node's Blob answers that through its
 * stream reader in small chunks, about a third of a test database's load time. This Blob hands
 * over a copy of the bytes at once (PGlite untars the copy; the worker's template stays intact).
 */
function blobOf(bytes: Buffer): Blob {
  const copy = async () => Uint8Array.prototype.slice.call(bytes).buffer as ArrayBuffer;
  return Object.assign(new Blob([]), { arrayBuffer: copy });
}

function clientOf(database: Database): PGlite {
  if (database.queueConnection.driver !== 'pglite') throw new Error('expected PGlite');
  return database.queueConnection.client;
}

/** The template initdb leaves, the others' starting point. */
const EMPTY_TEMPLATE = 'empty';

/**
 * The file of this run's PGlite template `name`: made on first use by `build` on a new instance
 * (loaded from the empty template, but for that one), then dumped.
 */
async function pgliteTemplateFile(
  name: string,
  build: (database: Database) => Promise<void>,
  folder = templateFolder(),
): Promise<string> {
  const file = path.join(folder, `pglite-${name}.tar`);
  if (existsSync(file)) return file;
  const database = name === EMPTY_TEMPLATE ? await openDatabase({}) : await openEmptyPglite(folder);
  try {
    await build(database);
    const client = clientOf(database);
    await client.exec('checkpoint');
    const dump = await client.dumpDataDir('none');
    mkdirSync(folder, { recursive: true });
    // Parallel workers may build the same template: each writes its own file, then renames.
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

/**
 * A new in-memory PGlite as initdb leaves it, loaded from the run's dump: initdb in WebAssembly
 * cost about 2 s of CPU per database (the migration tests start from one).
 */
export async function openEmptyPglite(folder = templateFolder()): Promise<Database> {
  const file = await pgliteTemplateFile(
    EMPTY_TEMPLATE,
    async (database) => {
      const client = clientOf(database);
      // PGlite opens one database and never copies one: template0 and template1 were a third of
      // the template's files, each written into every test's in-memory file system.
      for (const name of ['template0', 'template1']) {
        await client.exec(`alter database ${name} is_template false`);
        await client.exec(`drop database ${name}`);
      }
    },
    folder,
  );
  return openDatabase({ pgliteLoadDataDir: blobOf(templateBytes(file)) });
}

/** The run's dump of this seed (made on first use), with a copy of its rows to reset to. */
function seededPgliteFile(key: string, shape: SeedShape, folder = templateFolder()): Promise<string> {
  return pgliteTemplateFile(
    key,
    async (database) => {
      await seeded(database, shape);
      await keepTemplateRows(clientOf(database));
    },
    folder,
  );
}

/** An in-memory PGlite loaded from the run's dump of this seed (made on first use). */
async function loadPglite(key: string, shape: SeedShape): Promise<PGlite> {
  const file = await seededPgliteFile(key, shape);
  return clientOf(await openDatabase({ pgliteLoadDataDir: blobOf(templateBytes(file)) }));
}

/** Instances back in their template's state, ready for the next test app of this worker. */
const idleInstances: { key: string; client: PGlite }[] = [];
const MAX_IDLE_INSTANCES = 2;
const resetPlans = new Map<string, ResetPlan>();
/** The template each instance handed out came from. */
const instanceKeys = new WeakMap<PGlite, string>();

async function pgliteCopy(key: string, shape: SeedShape): Promise<Database> {
  // The instance put back last: its caches are the warmest, and a test that closes one app and
  // opens the next gets the same instance even when an older one of the same template waits too
  // (CI-A: a file before it in the worker had left two idle, and the oldest was handed out).
  const idle = idleInstances.findLastIndex((instance) => instance.key === key);
  if (idle >= 0) {
    const [instance] = idleInstances.splice(idle, 1);
    if (instance) {
      instanceKeys.set(instance.client, key);
      return pgliteDatabase(instance.client);
    }
  }
  const client = await loadPglite(key, shape);
  // The instance lives in memory for the tests of one worker: a commit need not wait for its write-
  // ahead log to be written out (about 8% less CPU on PGlite test files, issue 41).
  await client.exec('set synchronous_commit = off');
  if (!resetPlans.has(key)) resetPlans.set(key, await resetPlanOf(client));
  await markTemplateState(client);
  instanceKeys.set(client, key);
  return pgliteDatabase(client);
}

/**
 * Ends a test app's use of its database: a PGlite instance is put back in its template's state
 * for the next test app of this worker (test/pglite-reuse.ts), or closed when that cannot be
 * done; any other database is closed.
 */
export async function releaseSeededTestDatabase(database: Database): Promise<void> {
  const connection = database.queueConnection;
  if (connection.driver !== 'pglite') return database.close();
  const client = connection.client;
  const key = instanceKeys.get(client);
  const plan = key === undefined ? undefined : resetPlans.get(key);
  instanceKeys.delete(client);
  if (key !== undefined && plan && (await resetToTemplate(client, plan))) {
    idleInstances.push({ key, client });
    while (idleInstances.length > MAX_IDLE_INSTANCES) await idleInstances.shift()?.client.close();
    return;
  }
  if (!client.closed) await client.close();
}

/** A migrated and seeded database on the chosen driver, copied from this run's template of the seed. */
export async function openSeededTestDatabase(
  driver: 'pglite' | 'postgres',
  shape: SeedShape,
  explicitNow: boolean,
): Promise<Database> {
  const { key, seed, shiftDays } = templateOf(shape, explicitNow);
  const database =
    driver === 'pglite'
      ? await pgliteCopy(key, seed)
      : await openDatabase({ databaseUrl: await postgresCopy(key, seed), poolSize: 4 });
  await shiftSeedDates(database, shiftDays);
  return database;
}

/**
 * Makes, before the first test file starts, the templates most test apps are copied from: the
 * seed without the demo, as of today, on PGlite and, given its cluster, on PostgreSQL
 * (postgres-global-setup.ts; pglite-templates-global-setup.ts makes the PGlite one). Made on first
 * use, they were paid inside whichever test file came first (`activation.test.ts` took 47 s in
 * CI-AY, 23 s of it its first test's app), and a second worker that started before it was written
 * would make the PGlite one again (nothing locks those between workers).
 */
export async function makeCommonTemplates(run: { templateDir: string; postgresAdminUrl?: string }) {
  const { key, seed } = templateOf({ demo: false, now: new Date(), passwords: TEST_PASSWORDS }, false);
  const template = `tpl_${key}`;
  const { postgresAdminUrl } = run;
  await Promise.all([
    seededPgliteFile(key, seed, run.templateDir),
    postgresAdminUrl &&
      withTemplateLock(postgresAdminUrl, template, (admin) =>
        ensurePostgresTemplate(admin, postgresAdminUrl, template, seed),
      ),
  ]);
}

const RUN_TEMPLATE_DIR = Symbol.for('portal.test.runTemplateDir');

/**
 * The folder of this run's PGlite templates, one for every project's global setup in the vitest
 * process (the server's and the CLI's). Kept on `globalThis`, not in this module, so that it is
 * one folder however a project loads its setups (a module runner of its own gives each its own
 * copy of this module). The CLI's workers had a folder each and built the same template again, 7 s
 * of a quiet core per worker in the first test file of each (issue 41). Removed when the process
 * ends.
 */
export function runTemplateDir(): string {
  const run = globalThis as { [RUN_TEMPLATE_DIR]?: string };
  if (!run[RUN_TEMPLATE_DIR]) {
    const folder = mkdtempSync(path.join(tmpdir(), 'portal-templates-'));
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    run[RUN_TEMPLATE_DIR] = folder;
  }
  return run[RUN_TEMPLATE_DIR];
}

/**
 * A migrated and seeded database that outlives the app using it, for tests of what another
 * process finds after one stopped: a PostgreSQL database of the run's cluster (its URL), or a
 * PGlite data folder in `dataDir` as openDatabase lays it out (`<dataDir>/pglite`). Both are
 * copies of the run's template of the seed: migrating and seeding a new PGlite folder took 5-10 s
 * of CPU (initdb, 33 migrations, an argon2 hash, pg-boss's schema).
 */
export async function openableSeededDatabase(
  driver: 'pglite' | 'postgres',
  shape: SeedShape,
  dataDir: string,
): Promise<{ databaseUrl: string } | { dataDir: string }> {
  const { key, seed, shiftDays } = templateOf(shape, false);
  if (driver === 'postgres') {
    const databaseUrl = await postgresCopy(key, seed);
    if (shiftDays !== 0) {
      const database = await openDatabase({ databaseUrl, poolSize: 1 });
      await shiftSeedDates(database, shiftDays).finally(() => database.close());
    }
    return { databaseUrl };
  }
  const file = await seededPgliteFile(key, seed);
  const client = new PGlite({
    dataDir: path.join(dataDir, 'pglite'),
    loadDataDir: blobOf(templateBytes(file)),
  });
  try {
    await client.waitReady;
    await dropTemplateRows(client);
    await shiftSeedDates(pgliteDatabase(client), shiftDays);
  } finally {
    await client.close();
  }
  return { dataDir };
}
