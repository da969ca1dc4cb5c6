import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { buildApp, defaultLoggerOptions } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/connection';
import {
  openEmptyPglite,
  openSeededTestDatabase,
  releaseSeededTestDatabase,
  TEST_PASSWORDS,
} from './template-database';
import { tokenFor } from './requests';
import { testPortalEnv } from './test-config';
import { startSmtpReceiver } from './smtp-receiver';
import { seedCatalog } from '../db/seed/seed-catalog';
import { seedAdvisories } from '../db/seed/seed-advisories';
import { seedInventory } from '../db/seed/seed-inventory';
import type { FileStore } from '../lib/file-store/file-store';
import { ManualClock } from '../lib/clock';
import type { CaptchaTextSource } from '../modules/captcha/captcha.service';
import type { FileChecks } from '../services';

export const DRIVERS = ['pglite', 'postgres'] as const;
export type Driver = (typeof DRIVERS)[number];

export const ADMIN_PASSWORD = TEST_PASSWORDS.admin;
export const DEMO_PASSWORD = TEST_PASSWORDS.demo;

/** A session token of the seeded super admin: how most tests act as staff that may do everything. */
export function adminToken(app: FastifyInstance): Promise<string> {
  return tokenFor(app, 'admin', ADMIN_PASSWORD);
}

/** A new, empty database in the test run's PostgreSQL cluster; its URL. */
export async function createPostgresDatabase(): Promise<string> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`); // name is generated above, never user input
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh database on the chosen driver (migrated and seeded by the caller). */
export async function openTestDatabase(driver: Driver): Promise<Database> {
  if (driver === 'pglite') return openEmptyPglite();
  return openDatabase({ databaseUrl: await createPostgresDatabase(), poolSize: 4 });
}

/**
 * A migrated database on the chosen driver, seeded with the built-in roles and the admin only: a
 * copy of the run's template (test/template-database.ts), for tests of a service without an app.
 * Its `close` hands a PGlite instance back to the worker for the next test (test/pglite-reuse.ts).
 */
export async function openMigratedTestDatabase(driver: Driver): Promise<Database> {
  const database = await openSeededTestDatabase(
    driver,
    { demo: false, now: new Date(), passwords: { admin: ADMIN_PASSWORD, demo: DEMO_PASSWORD } },
    false,
  );
  return { ...database, close: () => releaseSeededTestDatabase(database) };
}

export type TestAppOptions = {
  config?: Partial<Config>;
  captchaText?: CaptchaTextSource;
  /** The device sign-in poll interval the portal hands out (RFC 8628's 5 s by default). */
  deviceAuthPollSeconds?: number;
  /** How uploaded SBOMs and inventory files are checked: in worker threads (the portal's way) by default. */
  fileChecks?: FileChecks;
  /** The file store; the one the configuration describes by default (an S3 store with shorter bounds, say). */
  fileStore?: FileStore;
  /** Seed the demo catalogue (and its files) too. */
  catalog?: boolean;
  /**
   * Seed the demo customer (`demo` account, its organisation, shipped servers, entitlements) too.
   * Off by default: tests build what they need with the factories (test/factories.ts,
   * test/catalog-factories.ts), so the demo data can change freely; on only where the demo data
   * itself is what is tested.
   */
  demo?: boolean;
  /** With `catalog`: the demo security advisories too (two published, one under embargo). */
  advisories?: boolean;
  /** Where the test clock starts (and the day the seed's dates are computed from); now by default. */
  now?: Date;
  /** The production logger options (main.ts), writing to this stream; no logging by default. */
  logTo?: Writable;
};

/** Builds the portal against a fresh database with a manual clock; `close` tears it all down. */
export async function createTestApp(driver: Driver, options: TestAppOptions = {}) {
  const clock = new ManualClock(options.now ?? new Date());
  // The demo's dates are computed from the test clock's day; the seeded database is a copy of
  // this run's template of the same seed (test/template-database.ts).
  const database = await openSeededTestDatabase(
    driver,
    {
      demo: options.demo ?? false,
      now: clock.now(),
      passwords: { admin: ADMIN_PASSWORD, demo: DEMO_PASSWORD },
    },
    options.now !== undefined,
  );
  // Uploaded files of one test stay in a folder of their own, removed on close.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const config: Config = {
    ...loadConfig(testPortalEnv(dataDir)),
    ...options.config,
  };
  const app = await buildApp({
    config,
    database,
    clock,
    captchaText: options.captchaText,
    deviceAuthPollSeconds: options.deviceAuthPollSeconds,
    fileChecks: options.fileChecks,
    fileStore: options.fileStore,
    logger: options.logTo ? { ...defaultLoggerOptions(config), stream: options.logTo } : false,
  });
  await app.ready();
  // The demo catalogue writes files: only the tests that need it pay for it.
  if (options.catalog) await seedCatalog(database.db, app.services.store, clock.now());
  // The demo advisories need the catalogue's fixed versions (and sign CSAF files: only when asked).
  if (options.catalog && options.advisories)
    await seedAdvisories(database.db, app.services.advisoryAuthoring, clock.now());
  if (options.catalog && options.demo && options.advisories)
    await seedInventory(database.db, app.services.inventory, clock.now());
  return {
    app,
    clock,
    dataDir,
    database,
    db: database.db,
    close: async () => {
      await app.close();
      await releaseSeededTestDatabase(database);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A fresh portal for every test of the block, the seeded super admin signed in: the admin
 * pages' tests. `use` receives each new app and the admin's session token.
 */
export function freshAppPerTest(
  driver: Driver,
  use: (app: TestApp, admin: string) => void,
  options: TestAppOptions = {},
) {
  let current: TestApp | undefined;
  beforeEach(async () => {
    current = await createTestApp(driver, options);
    use(current, await adminToken(current.app));
  });
  afterEach(() => current?.close());
}

export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;

/**
 * A real SMTP receiver for the whole block and a fresh portal mailing to it for every test
 * (its inbox emptied between tests): the tests of flows that mail codes and links.
 */
export function freshAppWithMail(
  driver: Driver,
  config: Partial<Config>,
  use: (app: TestApp, smtp: SmtpReceiver) => void,
) {
  let smtp: SmtpReceiver | undefined;
  let current: TestApp | undefined;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(() => smtp?.close());
  beforeEach(async () => {
    if (!smtp) throw new Error('the SMTP receiver did not start');
    smtp.received.length = 0;
    current = await createTestApp(driver, { config: { SMTP_URL: smtp.url, ...config } });
    use(current, smtp);
  });
  afterEach(() => current?.close());
}
