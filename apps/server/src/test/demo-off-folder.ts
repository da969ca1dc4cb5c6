import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, inject } from 'vitest';
import {
  FAILED_FILE,
  type PreparedFolder,
  prepareDemoOffFolder,
  READY_FILE,
} from './demo-off-folder-prepare';
import { buildBundle, START_GUARD_MS, TWO_STARTS_MS } from './portal-process';
import { until } from './until';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's folder without the demo is prepared (demo-off-folder-global-setup.ts). */
    demoOffRoot: string;
  }
}

/**
 * The run's folder of a first start with SEED_DEMO=off and what that start printed, for the
 * process tests that go on from such a folder (main-restart, main-upgrade, main-seed-demo): they
 * copy it (copyOfFolder) instead of each preparing one. A full run prepares it in the background
 * from its start; a run of a few files, in the first file that asks.
 */
export async function demoOffFolder(): Promise<PreparedFolder> {
  const root = inject('demoOffRoot');
  await prepareDemoOffFolder(root);
  const answer = await until(
    "the run's folder prepared without the demo",
    () => {
      const failed = path.join(root, FAILED_FILE);
      if (fs.existsSync(failed)) return { failed: fs.readFileSync(failed, 'utf8') };
      const ready = path.join(root, READY_FILE);
      return fs.existsSync(ready)
        ? { ready: JSON.parse(fs.readFileSync(ready, 'utf8')) as PreparedFolder }
        : undefined;
    },
    START_GUARD_MS,
  );
  if ('failed' in answer) throw new Error(answer.failed);
  return answer.ready;
}

/**
 * For a describe block whose tests start the portal from copies of that folder: builds the
 * server bundle and waits for the folder in the block's beforeAll; the tests read it from the
 * function this returns.
 */
export function demoOffFolderForBlock(): () => PreparedFolder {
  let folder: PreparedFolder | undefined;
  beforeAll(async () => {
    buildBundle();
    folder = await demoOffFolder();
    expect(folder.output).toContain('Portal initialised');
  }, TWO_STARTS_MS);
  return () => {
    if (!folder) throw new Error("The run's folder without the demo is not ready: its beforeAll failed");
    return folder;
  };
}
