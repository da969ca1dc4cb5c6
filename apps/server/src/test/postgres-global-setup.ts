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
  return () => server.stop();
}
