import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { initdbCacheDir, initialiseInChildProcess } from './connection';

/** Opens a data folder and asks it something: a cluster that works, not just files. */
async function answers(dir: string): Promise<boolean> {
  const db = new PGlite({ dataDir: dir });
  try {
    return (await db.query<{ one: number }>('select 1 as one')).rows[0]?.one === 1;
  } finally {
    await db.close();
  }
}

// A new data folder is initdb's work once per PGlite version; later new folders copy it (issue 41).
describe('new PGlite data folders', { timeout: 120_000 }, () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'portal-initdb-cache-'));
  const cache = path.join(root, 'cache', '0.0.0');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('keeps the first one made by initdb beside the installed PGlite, per version', () => {
    const place = initdbCacheDir();
    expect(place).toMatch(/node_modules\/\.cache\/portal-pglite-initdb\/\d+\.\d+\.\d+$/);
  });

  it('makes the first with initdb and keeps a copy; the next is that copy, and both open', async () => {
    const first = path.join(root, 'first');
    mkdirSync(first);
    await initialiseInChildProcess(first, cache);
    expect(readFileSync(path.join(cache, 'PG_VERSION'), 'utf8')).toBe(
      readFileSync(path.join(first, 'PG_VERSION'), 'utf8'),
    );
    // Marked, to tell a copy from a second initdb.
    writeFileSync(path.join(cache, 'copied-from-cache'), '');
    const second = path.join(root, 'second');
    mkdirSync(second);
    await initialiseInChildProcess(second, cache);
    expect(existsSync(path.join(second, 'copied-from-cache'))).toBe(true);
    expect(await answers(first)).toBe(true);
    expect(await answers(second)).toBe(true);
    rmSync(path.join(cache, 'copied-from-cache'));
  });
});
