import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/connection';
import { seedDatabase } from '../db/seed/seed';
import { ADMIN_PASSWORD, createPostgresDatabase } from './test-app';
import { testPortalEnv } from './test-config';

/**
 * `count` portal processes as a scale-out deployment runs them: apps with pools of their own on
 * one new PostgreSQL database (migrated and seeded by the first), captcha off, each with `env`.
 */
export async function appsOnOneDatabase(count: number, env: Record<string, string> = {}) {
  const url = await createPostgresDatabase();
  const apps: FastifyInstance[] = [];
  const databases: Database[] = [];
  const dataDirs: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
    if (n === 0) {
      await database.migrate();
      await seedDatabase(database.db, { admin: ADMIN_PASSWORD }, new Date(), { demo: false });
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), `portal-process-${n}-`));
    const config = loadConfig({ ...testPortalEnv(dataDir), ...env });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    apps.push(app);
    databases.push(database);
    dataDirs.push(dataDir);
  }
  return {
    apps,
    db: databases[0]!.db,
    close: async () => {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
