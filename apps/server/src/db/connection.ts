import fs from 'node:fs/promises';
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

export type DatabaseOptions = { databaseUrl?: string; dataDir?: string; poolSize?: number };

/** PostgreSQL when a URL is given, otherwise an embedded PGlite in dataDir (or in memory). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
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

async function openPglite(dataDir?: string): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    await fs.mkdir(dir, { recursive: true });
  }
  // pg_trgm backs the catalogue search index (migration 0006), as on PostgreSQL.
  // One options object: PGlite ignores the second argument when the first (dataDir) is undefined.
  const client = new PGlite({ dataDir: dir, extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    queueConnection: { driver: 'pglite', client },
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => answers(() => client.query('select 1')),
    poolStats: () => null,
    close: () => client.close(),
  };
}
