import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/** One PostgreSQL cluster for the whole run; each test app gets its own database in it. */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide('postgresAdminUrl', server.url);
  // PGlite templates of the seeded database (test/template-database.ts), for this run only.
  const templates = mkdtempSync(path.join(tmpdir(), 'portal-templates-'));
  project.provide('testTemplateDir', templates);
  return () => {
    server.stop();
    rmSync(templates, { recursive: true, force: true });
  };
}
