import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import {
  type FailureCause,
  failureCause,
  failureCode,
  withoutUrlCredentials,
} from '../lib/dependency-failure';
import { serverRoot } from '../lib/server-root';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import { roomOf, type VacuumRound, vacuumDueTables } from './pglite-vacuum';

export type Schema = typeof schema;
/** The one database type services see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** What the job queue (pg-boss) connects with: the same PGlite instance, or the same server. */
  queueConnection: { driver: 'pglite'; client: PGlite } | { driver: 'postgres'; url: string };
  migrate(): Promise<void>;
  /** True when `select 1` answers; never throws: a failure goes to `onFailure` (readiness logs why). */
  ping(onFailure?: (error: unknown) => void): Promise<boolean>;
  /** The request pool's connections (PostgreSQL); null for PGlite, which has no pool. */
  poolStats(): { total: number; idle: number; waiting: number; max: number } | null;
  /** Connections the server ended or lost since start (a restart, a failover); 0 on PGlite. */
  connectionErrors(): number;
  /**
   * PGlite has no autovacuum: this vacuums and analyses the tables autovacuum would take now
   * (`pglite-vacuum.ts`). Null on PostgreSQL, whose own autovacuum does it.
   */
  vacuumDue: (() => Promise<VacuumRound>) | null;
  close(): Promise<void>;
}

const migrationsFolder = path.join(serverRoot, 'drizzle');

/** True when the probe query succeeds; health checks must not throw, but say why they failed. */
async function answers(
  probe: () => Promise<unknown>,
  onFailure: ((error: unknown) => void) | undefined,
): Promise<boolean> {
  try {
    await probe();
    return true;
  } catch (error) {
    onFailure?.(error);
    return false;
  }
}

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL: how long a query waits for a pool connection before it fails (503). */
  poolTimeoutMs?: number;
  /** PostgreSQL: the server's statement_timeout (and idle-in-transaction limit) for every connection. */
  statementTimeoutMs?: number;
  /** PostgreSQL: how long the migration client may take to connect (MIGRATE_CONNECT_TIMEOUT_MS). */
  migrateConnectTimeoutMs?: number;
  /**
   * PostgreSQL: told of every error of a connection nobody is waiting on (the server restarted
   * and ended an idle connection, a socket died mid-transaction). Without a listener such an error
   * would end the process; with it the connection is dropped and the next query opens a new one.
   */
  onConnectionError?: (error: Error) => void;
  /** PGlite's shared_buffers in MiB (its page cache inside the WebAssembly heap). */
  pgliteSharedBuffersMb?: number;
  /** PGlite in memory only: start from this dump of a data folder (the tests' seeded templates). */
  pgliteLoadDataDir?: Blob;
};

/**
 * PGlite keeps PostgreSQL's default 128 MB of shared buffers inside its WebAssembly heap, which
 * never shrinks: most of the embedded portal's memory. Its files sit in the operating system's
 * page cache anyway, so a small buffer pool costs little speed (bench/README.md: memory).
 */
export const PGLITE_SHARED_BUFFERS_MB = 16;

/** PostgreSQL when a URL is given, otherwise an embedded PGlite in dataDir (or in memory). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(
    options.dataDir,
    options.pgliteSharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB,
    options.pgliteLoadDataDir,
  );
}

/**
 * How long the migration client (the first connection of a start) waits to connect before the
 * start fails with DatabaseConnectError: without it a server that accepts and never answers (a
 * firewall dropping packets, a hung server) would hold the start forever. Long enough for a
 * server that is itself still starting next to the portal.
 */
export const MIGRATE_CONNECT_TIMEOUT_MS = 10_000;

/** What an operator should check, per cause, when the database cannot be reached at start. */
const CONNECT_ADVICE: Partial<Record<FailureCause, string>> = {
  credentials: 'the user or password in DATABASE_URL was refused',
  network:
    'nothing answered at that address (check the host and port in DATABASE_URL, and that PostgreSQL runs)',
  timeout: 'no answer in time (a firewall dropping packets, or a server too busy to accept)',
  saturated: 'the server has no connection left (max_connections)',
  restarting: 'the server is starting or shutting down',
};

/** The start could not connect to PostgreSQL: the message says where and why, never the password. */
export class DatabaseConnectError extends Error {
  constructor(
    readonly reason: FailureCause,
    message: string,
    options: { cause: unknown },
  ) {
    super(message, options);
    this.name = 'DatabaseConnectError';
  }
}

/** Connects the migration client within `timeoutMs`, or fails with a DatabaseConnectError. */
async function connectToMigrate(client: pg.Client, url: string, timeoutMs: number): Promise<void> {
  try {
    await client.connect();
  } catch (error) {
    const reason = failureCause(error);
    const said = [failureCode(error), error instanceof Error ? error.message : String(error)]
      .filter(Boolean)
      .join(': ');
    const advice = CONNECT_ADVICE[reason];
    // node-postgres's own words for its timeout ("timeout expired") add nothing to the advice.
    const why = !advice ? said : reason === 'timeout' ? advice : `${advice} (${said})`;
    const { host, pathname } = new URL(url);
    const where = `${host}${pathname}`;
    throw new DatabaseConnectError(
      reason,
      withoutUrlCredentials(
        `Database migration: could not connect to ${where} within ${timeoutMs} ms: ${why}`,
      ),
      { cause: error },
    );
  }
}

/** Defaults of the request pool's limits when the caller names none (config.ts documents them). */
export const POOL_DEFAULTS = { poolSize: 10, poolTimeoutMs: 3_000, statementTimeoutMs: 15_000 };

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const poolSize = options.poolSize ?? POOL_DEFAULTS.poolSize;
  const statementTimeoutMs = options.statementTimeoutMs ?? POOL_DEFAULTS.statementTimeoutMs;
  const onConnectionError = options.onConnectionError ?? (() => undefined);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    application_name: 'portal',
    // A saturated pool or a server that does not answer the connection: fail fast (503), never hang.
    connectionTimeoutMillis: options.poolTimeoutMs ?? POOL_DEFAULTS.poolTimeoutMs,
    // Bounded on the server (a long lock, a runaway query), and on the client in case the server
    // itself went silent (a network partition: no packet will ever say the connection is gone).
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: statementTimeoutMs * 2,
    query_timeout: statementTimeoutMs + 2_000,
    keepAlive: true,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection the server ends (a restart: "terminating connection due to administrator
  // command") is reported here; a checked-out one (in a transaction) on the client itself, where
  // pg-pool listens only while it is idle. Unheard, either error would end the process. The pool
  // drops such a connection on release (it is no longer queryable) and opens a new one when needed.
  let connectionErrors = 0;
  pool.on('error', () => undefined); // reported once, by the client's own listener below
  pool.on('connect', (client) =>
    client.on('error', (error) => {
      connectionErrors += 1;
      onConnectionError(error);
    }),
  );
  const db = drizzlePg(pool, { schema });
  return {
    db,
    driver: 'postgres',
    queueConnection: { driver: 'postgres', url },
    // On a connection of its own, without the request pool's statement_timeout: building an index
    // on a large table may rightly take longer than any request should.
    migrate: async () => {
      const connectTimeoutMs = options.migrateConnectTimeoutMs ?? MIGRATE_CONNECT_TIMEOUT_MS;
      const client = new pg.Client({
        connectionString: url,
        application_name: 'portal-migrate',
        connectionTimeoutMillis: connectTimeoutMs,
      });
      client.on('error', (error) => onConnectionError(error));
      await connectToMigrate(client, url, connectTimeoutMs);
      try {
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.end();
      }
    },
    connectionErrors: () => connectionErrors,
    vacuumDue: null,
    ping: (onFailure) => answers(() => pool.query('select 1'), onFailure),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    close: () => pool.end(),
  };
}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

/** The installed PGlite's entry point and version: a new data folder is the same for the same version. */
let installed: { url: string; version: string; packageDir: string } | undefined;
function installedPglite(): { url: string; version: string; packageDir: string } {
  if (installed) return installed;
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  installed = { url: pathToFileURL(entry).href, version: '', packageDir: '' };
  for (let dir = path.dirname(entry); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const parsed = readJsonIfPresent(path.join(dir, 'package.json'));
    if (parsed?.name === '@electric-sql/pglite') {
      installed = { ...installed, version: String(parsed.version), packageDir: dir };
      break;
    }
  }
  return installed;
}

function readJsonIfPresent(file: string): { name?: string; version?: string } | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
  } catch {
    return undefined;
  }
}

/**
 * Where a new data folder as initdb leaves it is kept for the next new folder: in the
 * installation's own node_modules/.cache (as trusted as the code beside it, and gone with it when
 * the dependencies are installed again), per PGlite version. initdb in WebAssembly takes 7 s of a
 * quiet two-core machine and 20-30 s of a busy one; a copy of its result takes a fraction of a
 * second (issue 41: every process test's first start paid it). undefined: PGlite's place unknown.
 */
export function initdbCacheDir(): string | undefined {
  const { version, packageDir } = installedPglite();
  if (!version || !packageDir) return undefined;
  const at = packageDir.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  if (at < 0) return undefined;
  return path.join(packageDir.slice(0, at), 'node_modules', '.cache', 'portal-pglite-initdb', version);
}

/**
 * Copies a kept new data folder into `dir`, PG_VERSION last: a copy stopped halfway leaves no
 * PG_VERSION, so the next start makes the folder anew instead of opening half a cluster.
 */
async function copyNewDataFolder(from: string, dir: string): Promise<void> {
  await fs.cp(from, dir, { recursive: true, filter: (source) => source !== path.join(from, 'PG_VERSION') });
  await fs.copyFile(path.join(from, 'PG_VERSION'), path.join(dir, 'PG_VERSION'));
}

/** Keeps `dir`, just made by initdb, for the next new folder; a cache that cannot be written is no error. */
async function keepNewDataFolder(dir: string, cache: string): Promise<void> {
  const partial = `${cache}.partial-${process.pid}-${Date.now()}`;
  try {
    await fs.mkdir(path.dirname(cache), { recursive: true });
    await copyNewDataFolder(dir, partial);
    // Renamed into place whole: a reader sees a whole folder or none. Another process that got
    // there first wins; this copy is then dropped.
    await fs.rename(partial, cache);
  } catch {
    // A read-only installation or a full disk: the next new folder runs initdb again.
  } finally {
    await fs.rm(partial, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * Creates a new PGlite data folder (initdb) in a short-lived child process. initdb grows
 * WebAssembly memory that a process never gives back: done here, it would stay in the portal's
 * memory for good (about 190 MiB more on a first start). A copy of the last new folder made with
 * the same PGlite version is used instead when there is one (initdbCacheDir).
 */
export async function initialiseInChildProcess(
  dir: string,
  cache: string | undefined = initdbCacheDir(),
): Promise<void> {
  if (await exists(path.join(dir, 'PG_VERSION'))) return;
  if (cache && (await exists(path.join(cache, 'PG_VERSION')))) {
    await copyNewDataFolder(cache, dir);
    return;
  }
  // It stops when the process that started it is gone (the IPC channel closes): no orphan
  // keeps writing the folder. Its channel is unref'd so it does not keep it alive when done.
  const script = `process.once('disconnect', () => process.exit(1)); process.channel?.unref();
    const { PGlite } = await import(${JSON.stringify(installedPglite().url)});
    const db = new PGlite({ dataDir: process.argv[1] }); await db.waitReady; await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, dir], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`PGlite initdb failed (${code}): ${errors.slice(0, 2000)}`)),
    );
  });
  if (cache) await keepNewDataFolder(dir, cache);
}

async function openPglite(
  dataDir: string | undefined,
  sharedBuffersMb: number,
  loadDataDir?: Blob,
): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    await fs.mkdir(dir, { recursive: true });
    await initialiseInChildProcess(dir);
  }
  // pg_trgm backs the catalogue search index (migration 0006), as on PostgreSQL.
  // One options object: PGlite ignores the second argument when the first (dataDir) is undefined.
  const client = new PGlite({
    dataDir: dir,
    ...(loadDataDir && !dir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
    postgresqlconf: [`shared_buffers = ${sharedBuffersMb}MB`],
  });
  await client.waitReady;
  return pgliteDatabase(client, dir);
}

/**
 * The portal's view of an open PGlite instance (the tests hand one instance to several apps in
 * turn); `dir`, its data folder, whose free space the vacuum checks (none in memory).
 */
export function pgliteDatabase(client: PGlite, dir?: string): Database {
  const db = drizzlePglite(client, { schema });
  return {
    db,
    driver: 'pglite',
    queueConnection: { driver: 'pglite', client },
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: (onFailure) => answers(() => client.query('select 1'), onFailure),
    poolStats: () => null,
    connectionErrors: () => 0,
    vacuumDue: () => vacuumDueTables(client, dir ? roomOf(dir) : undefined),
    close: () => client.close(),
  };
}
