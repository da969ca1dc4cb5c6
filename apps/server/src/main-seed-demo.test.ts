import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';
import { buildBundle, exited, startServer } from './test/portal-process';

// Split from main.test.ts: a new data folder of its own (the subject is the first start's seed),
// so it runs beside that file rather than after it.
describe('the server process, demo data turned on later', () => {
  beforeAll(() => buildBundle(), 120_000);

  it('with SEED_DEMO=off starts with the admin only; turned on later, the demo catalogue comes then', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-main-nodemo-'));
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
      const server = await startServer(port, dir, { SEED_DEMO: 'off' });
      try {
        expect(server.output()).toContain('Portal initialised');
        expect(server.output()).not.toContain('demo  /');
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
