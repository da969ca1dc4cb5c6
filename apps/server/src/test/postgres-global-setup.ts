import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { initialiseInChildProcess } from '../db/connection';
import { startPostgres } from './postgres-server';
import { makeCommonTemplates, runTemplateDir } from './template-database';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/**
 * One PostgreSQL cluster for the whole run; each test app gets its own database in it. Beside it,
 * the new PGlite data folder that later new folders copy (connection.ts, initdbCacheDir) is made
 * now if it is missing, before the process tests start portals on new folders: without it, the
 * files that start at once each ran initdb, 20-30 s on a loaded machine. Then the seeded
 * templates most test apps are copied from (template-database.ts, makeCommonTemplates).
 */
export default async function setup(project: TestProject) {
  const firstFolder = mkdtempSync(path.join(tmpdir(), 'portal-first-pglite-'));
  const [server] = await Promise.all([
    startPostgres(),
    initialiseInChildProcess(firstFolder).finally(() =>
      rmSync(firstFolder, { recursive: true, force: true }),
    ),
  ]);
  project.provide('postgresAdminUrl', server.url);
  // PGlite templates of the seeded database (test/template-database.ts), for this run only.
  const templates = runTemplateDir();
  project.provide('testTemplateDir', templates);
  const stop = () => server.stop();
  try {
    await makeCommonTemplates({ templateDir: templates, postgresAdminUrl: server.url });
  } catch (error) {
    stop();
    throw error;
  }
  return stop;
}
