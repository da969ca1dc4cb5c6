import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';
import { buildBundle, exited, START_GUARD_MS, spawnPortal, stopPortal } from './test/portal-process';
import { until } from './test/until';

// Split from main.test.ts: starts that stop or fail before the portal listens, each on a folder
// of its own, so they run beside that file rather than after it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-main-'));

describe('the server process, a start that stops or fails', () => {
  beforeAll(() => buildBundle(), 120_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stops the preparing child with itself: SIGTERM leaves no process writing the data folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-main-stopped-'));
    // The processes whose environment names this data folder (the portal and its child).
    const writers = () =>
      fs
        .readdirSync('/proc')
        .filter((pid) => /^\d+$/.test(pid))
        .filter((pid) => {
          try {
            return fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`DATA_DIR=${dir}`);
          } catch {
            return false; // gone meanwhile
          }
        });
    try {
      const { child, stderr } = spawnPortal(dir, { PORT: String(await freePort()) });
      await until(
        'the portal and its preparing child',
        () => (writers().length >= 2 ? true : undefined),
        START_GUARD_MS,
      );
      expect(writers()).toHaveLength(2);
      expect(await stopPortal(child)).toBe(1);
      expect(stderr()).toContain('preparing the embedded database was interrupted (SIGTERM)');
      // Its own children (initdb, when no new data folder is kept yet) go with it, once they see it gone.
      await until(
        'no process writing the data folder',
        () => (writers().length === 0 ? true : undefined),
        60_000,
      ).catch(() => undefined);
      expect(writers()).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it('stops with one line of its own when preparing the database fails in the child', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-main-broken-'));
    // A data folder that claims to be PostgreSQL's but holds nothing PGlite can open.
    fs.mkdirSync(path.join(dir, 'pglite'));
    fs.writeFileSync(path.join(dir, 'pglite', 'PG_VERSION'), '15\n');
    try {
      const { child, stderr } = spawnPortal(dir, { PORT: String(await freePort()) });
      expect(await exited(child)).toBe(1);
      expect(stderr()).toContain('PGlite failed to initialize'); // the child's reason
      expect(stderr().trimEnd().split('\n').at(-1)).toBe(
        'Start-up failed: preparing the embedded database failed (exit code 1); its error is above.',
      );
      expect(fs.existsSync(path.join(dir, 'pglite', 'portal-prepared'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it('refuses to start with an invalid configuration and says why', async () => {
    // The bundle npm start runs (built in beforeAll): no TypeScript to compile before the check.
    const { child, stderr } = spawnPortal(dataDir, { PORT: 'eighty' });
    expect(await exited(child)).toBe(1);
    expect(stderr()).toMatch(/Invalid configuration:\n {2}PORT:/);
    expect(stderr()).not.toMatch(/at .*\.[jt]s:\d+/); // no stack trace
  }, 60_000);
});
