import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './free-port';
import { preparedFolder } from './portal-process';

/**
 * The run's folder of a first start with SEED_DEMO=off (migrated, the admin only, stamped, stopped
 * cleanly), prepared once for the files that start from it (demo-off-folder.ts). No vitest import
 * here: the global setup prepares it too.
 */
export type PreparedFolder = { dir: string; output: string };

const LOCK = 'preparing';
export const READY_FILE = 'ready.json';
export const FAILED_FILE = 'failed.txt';

/**
 * Prepares it under `root` unless another process of the run already is: the first to make the
 * lock folder prepares, and writes its answer (READY_FILE, or FAILED_FILE with the error) for
 * the others to read.
 */
export async function prepareDemoOffFolder(root: string): Promise<void> {
  try {
    fs.mkdirSync(path.join(root, LOCK));
  } catch {
    return;
  }
  // Renamed into place whole: a reader never sees half an answer.
  const answer = (name: string, text: string) => {
    fs.writeFileSync(path.join(root, `${name}.part`), text);
    fs.renameSync(path.join(root, `${name}.part`), path.join(root, name));
  };
  try {
    const folder = await preparedFolder('portal-demo-off-', await freePort(), { SEED_DEMO: 'off' });
    answer(READY_FILE, JSON.stringify(folder));
  } catch (error) {
    answer(FAILED_FILE, String(error));
  }
}

/** Removes what prepareDemoOffFolder made under `root`, and `root`. */
export function removeDemoOffFolder(root: string): void {
  const ready = path.join(root, READY_FILE);
  if (fs.existsSync(ready)) {
    const { dir } = JSON.parse(fs.readFileSync(ready, 'utf8')) as PreparedFolder;
    fs.rmSync(dir, { recursive: true, force: true });
  }
  fs.rmSync(root, { recursive: true, force: true });
}
