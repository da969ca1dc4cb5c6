import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The folder of apps/server, found from this module's own place: the same answer whether the
 * server runs from src/ through tsx or from the bundle in dist/ (`npm start`).
 */
function findServerRoot(): string {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@portal/server'
    )
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`apps/server not found above ${import.meta.dirname}`);
  }
}

export const serverRoot = findServerRoot();
/** The repository checkout (web build, data folder defaults). */
export const repoRoot = path.resolve(serverRoot, '../..');
/** Where `npm run build:cli-binaries` writes the executables, SHA256SUMS and SHA256SUMS.sig. */
export const CLI_BINARIES_DIR = path.join(repoRoot, 'dist', 'cli-binaries');
