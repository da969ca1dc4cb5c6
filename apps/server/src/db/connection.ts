import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
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

export type Schema = typeof schema;
/** The one database type services see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** What the job queue (pg-boss) connects with: the same PGlite instance, or the same server. */
  queueConnection: { driver: 'pglite'; client: PGlite } | { driver: 'postgres'; url: string };
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /** The request pool's connections (PostgreSQL); null for PGlite, which has no pool. */
  poolStats(): { total: number; idle: number; waiting: number; max: number } | null;
  close(): Promise<void>;
}

const migrationsFolder = path.join(serverRoot, 'drizzle');

/** True when the probe query succeeds; health checks must not throw. */
async function answers(probe: () => Promise<unknown>): Promise<boolean> {
  try {
    await probe();
    return true;
  } catch {
    return false;
  }
}

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** PGlite's shared_buffers in MiB (its page cache inside the WebAssembly heap). */
  pgliteSharedBuffersMb?: number;
};

/**
 * PGlite keeps PostgreSQL's default 128 MB of shared buffers inside its WebAssembly heap, which
 * never shrinks: most of the embedded portal's memory. Its files sit in the operating system's
 * page cache anyway, so a small buffer pool costs little speed (bench/README.md: memory).
 */
export const PGLITE_SHARED_BUFFERS_MB = 16;

/** PostgreSQL when a URL is given, otherwise an embedded PGlite in dataDir (or in memory). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.pgliteSharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzlePg(pool, { schema });
  return {
    db,
    driver: 'postgres',
    queueConnection: { driver: 'postgres', url },
    migrate: () => migratePg(db, { migrationsFolder }),
    ping: () => answers(() => pool.query('select 1')),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    close: () => pool.end(),
  };
}

/**
 * Creates a new PGlite data folder (initdb) in a short-lived child process. initdb grows
 * WebAssembly memory that a process never gives back: done here, it would stay in the portal's
 * memory for good (about 190 MiB more on a first start).
 */
async function initialiseInChildProcess(dir: string): Promise<void> {
  if (
    await fs.stat(path.join(dir, 'PG_VERSION')).then(
      () => true,
      () => false,
    )
  )
    return;
  const pgliteUrl = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  // It stops when the process that started it is gone (the IPC channel closes): no orphan
  // keeps writing the folder. Its channel is unref'd so it does not keep it alive when done.
  const script = `process.once('disconnect', () => process.exit(1)); process.channel?.unref();
    const { PGlite } = await import(${JSON.stringify(pgliteUrl)});
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
}

async function openPglite(dataDir: string | undefined, sharedBuffersMb: number): Promise<Database> {
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
    extensions: { pg_trgm },
    postgresqlconf: [`shared_buffers = ${sharedBuffersMb}MB`],
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db,
    driver: 'pglite',
    queueConnection: { driver: 'pglite', client },
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => answers(() => client.query('select 1')),
    poolStats: () => null,
    close: () => client.close(),
  };
}
