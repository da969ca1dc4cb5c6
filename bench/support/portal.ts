import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { type Database, openDatabase } from '../../apps/server/src/db/connection';
import type { Clock } from '../../apps/server/src/lib/clock';
import { seedDatabase } from '../../apps/server/src/db/seed/seed';
import { seedCatalog } from '../../apps/server/src/db/seed/seed-catalog';

export const BENCH_PASSWORD = 'Bench#Pass1';

export type BenchPortalOptions = {
  /** PostgreSQL; else a file-backed PGlite in a folder of its own. */
  databaseUrl?: string;
  /** Opens the database instead (a PostgreSQL database of the bench's own, an in-memory PGlite). */
  open?: () => Promise<Database>;
  webDist?: string;
  /** The demo accounts and catalogue (default); without, only the admin and what the bench adds. */
  demo?: boolean;
  /** Settings on top of the bench's own (captcha off, quiet log, no web app). */
  config?: Record<string, string>;
  /** The portal's time (default the system's): a bench that seeds data as of past dates. */
  clock?: Clock;
};

/**
 * Settings of a bench that times requests and service calls alone: no task or webhook workers
 * running beside them, no drain on close, no free-space reserve, no log.
 */
export const NO_BACKGROUND_WORK = {
  LOG_LEVEL: 'silent',
  TASK_WORKERS: '0',
  WEBHOOK_WORKERS: '0',
  SHUTDOWN_DRAIN_MS: '0',
  DATA_DIR_RESERVE_MB: '0',
};

/** Settings of a bench whose clients send thousands of requests with one token (`fwportal`). */
export const TOKEN_QUOTAS_OFF = {
  TASK_WORKERS: '0',
  API_TOKEN_REQUESTS_PER_MINUTE: '100000',
  API_ACCOUNT_REQUESTS_PER_MINUTE: '100000',
};

/**
 * The real portal in this process on a free loopback port: migrated and seeded (the demo and its
 * catalogue unless `demo: false`), captcha off, its files and database in a temporary folder that
 * `close` removes.
 */
export async function startPortalApp(options: BenchPortalOptions = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const database = await (options.open?.() ?? openDatabase({ databaseUrl: options.databaseUrl, dataDir }));
  await database.migrate();
  const demo = options.demo ?? true;
  if (demo) await seedDatabase(database.db, { admin: BENCH_PASSWORD, demo: BENCH_PASSWORD });
  else await seedDatabase(database.db, { admin: BENCH_PASSWORD }, new Date(), { demo: false });
  const config = loadConfig({
    CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: options.webDist ?? '/nonexistent',
    DATA_DIR: dataDir,
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    ...options.config,
  });
  const app = await buildApp({ config, database, logger: false, clock: options.clock });
  if (demo) await seedCatalog(database.db, app.services.store);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    database,
    db: database.db,
    url,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type BenchPortal = Awaited<ReturnType<typeof startPortalApp>>;

/**
 * A new, empty database `name` in the PostgreSQL server at `url` (its `postgres` database), so
 * that each scenario of a bench starts from nothing: the new database's URL.
 */
export async function createBenchDatabase(url: string, name: string): Promise<string> {
  const admin = await openDatabase({ databaseUrl: url, poolSize: 1 });
  await admin.db.execute(sql.raw(`create database ${name}`)); // a generated name
  await admin.close();
  return url.replace(/\/postgres$/, `/${name}`);
}

/** A session token of a seeded account (`BENCH_PASSWORD`) of the portal at `url`. */
export async function benchToken(url: string, account: string): Promise<string> {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: BENCH_PASSWORD }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** `startPortalApp` with the demo, and a session token of the demo customer. */
export async function startBenchPortal(options: Omit<BenchPortalOptions, 'demo'> = {}) {
  const portal = await startPortalApp(options);
  return { ...portal, token: await benchToken(portal.url, 'demo') };
}
