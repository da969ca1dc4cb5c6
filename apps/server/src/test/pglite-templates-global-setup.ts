import type { TestProject } from 'vitest/node';
import { makeCommonTemplates, runTemplateDir } from './template-database';

/**
 * vitest globalSetup of projects that start test portals on PGlite without the server project's
 * PostgreSQL (the CLI's): the seeded PGlite template their apps are copied from, made before the
 * first test file starts, in the run's folder the server project's setup uses too (one build in a
 * full run). Made inside the first test file of each worker, it cost that file 7 s of a quiet core.
 */
export default async function setup(project: TestProject) {
  const templates = runTemplateDir();
  project.provide('testTemplateDir', templates);
  await makeCommonTemplates({ templateDir: templates });
}
