import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoOffFolder } from './test/demo-off-folder';
import type { PreparedFolder } from './test/demo-off-folder-prepare';
import { freePort } from './test/free-port';
import { buildBundle, copyOfFolder, exited, startServer, TWO_STARTS_MS } from './test/portal-process';

// Split from main.test.ts: the first start with SEED_DEMO=off is the run's folder prepared without
// the demo (test/demo-off-folder.ts, also main-restart's and main-upgrade's), so this file runs beside those.
describe('the server process, demo data turned on later', () => {
  /** The run's first start with SEED_DEMO=off: its folder and what it printed. */
  let firstStart: PreparedFolder;
  beforeAll(async () => {
    buildBundle();
    firstStart = await demoOffFolder();
  }, TWO_STARTS_MS);

  it('with SEED_DEMO=off starts with the admin only; turned on later, the demo catalogue comes then', async () => {
    const dir = copyOfFolder(firstStart, 'portal-main-nodemo-');
    const port = await freePort();
    const stop = async (server: Awaited<ReturnType<typeof startServer>>) => {
      const exit = exited(server.child);
      server.child.kill('SIGTERM');
      expect(await exit).toBe(0);
    };
    const signIn = (account: string, password: string) =>
      fetch(`http://127.0.0.1:${port}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account, password }),
      }).then(async (response) => (await response.json()) as { success: boolean; data?: { token: string } });
    const versionCount = async (token: string | undefined) => {
      const answer = await fetch(`http://127.0.0.1:${port}/api/catalog/versions`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await answer.json()) as { data: { totalRows: number } }).data.totalRows;
    };
    try {
      // The first start (its banner names the admin only), then a start that goes on from it.
      expect(firstStart.output).toContain('Portal initialised');
      expect(firstStart.output).not.toContain('demo  /');
      const server = await startServer(port, dir, { SEED_DEMO: 'off' });
      try {
        expect(server.output()).not.toContain('Embedded database prepared');
        expect((await signIn('demo', 'Demo#Main1')).success).toBe(false);
        const admin = await signIn('admin', 'Admin#Main1');
        expect(admin.success).toBe(true);
        expect(await versionCount(admin.data?.token)).toBe(0);
      } finally {
        await stop(server);
      }
      // The operator turns the demo on: the child prepares again and seeds the demo catalogue.
      // Accounts are created on the first start only (README: SEED_DEMO), so no demo customer.
      const withDemo = await startServer(port, dir);
      try {
        expect(withDemo.output()).toContain('Embedded database prepared up to migration');
        expect(await versionCount((await signIn('admin', 'Admin#Main1')).data?.token)).toBeGreaterThan(0);
        expect((await signIn('demo', 'Demo#Main1')).success).toBe(false);
      } finally {
        await stop(withDemo);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
