import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoOffFolderForBlock } from './test/demo-off-folder';
import { freePort } from './test/free-port';
import { copyOfFolder, signInOn, startServer, stopPortal, versionCountOn } from './test/portal-process';

// Split from main.test.ts: the run's folder prepared without the demo (test/demo-off-folder.ts,
// also main-restart's and main-upgrade's), started with the demo turned on. That a start with
// SEED_DEMO=off on such a folder has the admin only and no catalogue is main-restart.test.ts's.
describe('the server process, demo data turned on later', () => {
  /** The run's first start with SEED_DEMO=off: its folder and what it printed. */
  const firstStart = demoOffFolderForBlock();

  it('turned on after a start with SEED_DEMO=off, brings the demo catalogue and no demo account', async () => {
    const dir = copyOfFolder(firstStart(), 'portal-main-nodemo-');
    const port = await freePort();
    try {
      // The operator turns the demo on: the child prepares again and seeds the demo catalogue.
      // Accounts are created on the first start only (README: SEED_DEMO), so no demo customer.
      const withDemo = await startServer(port, dir);
      try {
        expect(withDemo.output()).toContain('Embedded database prepared up to migration');
        const admin = await signInOn(port, 'admin', 'Admin#Main1');
        expect(await versionCountOn(port, admin.data?.token)).toBeGreaterThan(0);
        expect((await signInOn(port, 'demo', 'Demo#Main1')).success).toBe(false);
      } finally {
        expect(await stopPortal(withDemo.child)).toBe(0);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
