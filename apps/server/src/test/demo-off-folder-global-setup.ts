import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareDemoOffFolder, removeDemoOffFolder } from './demo-off-folder-prepare';
import { buildBundle } from './portal-process';

/**
 * vitest globalSetup: the place of the run's folder without the demo (demo-off-folder.ts). In a
 * full run (CI=true) the server bundle is built now, once, and the folder prepared in the
 * background from the start, so no test file pays for that first start (issue 41: the process
 * files were the slowest of the run). A developer's run of a few files prepares it only if one asks.
 */
export default function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), 'portal-demo-off-run-'));
  project.provide('demoOffRoot', root);
  let preparing: Promise<void> | undefined;
  if (process.env.CI === 'true') {
    buildBundle();
    preparing = prepareDemoOffFolder(root);
  }
  return async () => {
    await preparing;
    removeDemoOffFolder(root);
  };
}
