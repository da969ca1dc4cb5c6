import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';
import { demoOffFolderForBlock } from './test/demo-off-folder';
import { copyOfFolder, startServer, stopPortal } from './test/portal-process';

// Split from main-restart.test.ts (itself from main.test.ts): a start after an upgrade, from a
// copy of the run's folder prepared without the demo (test/demo-off-folder.ts).

/** Every start here: the folder was prepared without the demo, and a start with it would prepare again. */
const NO_DEMO = { SEED_DEMO: 'off' };

describe('the server process, started again by a newer build', () => {
  /** The run's data folder prepared by a first start and a clean stop (test/demo-off-folder.ts). */
  const prepared = demoOffFolderForBlock();

  it('prepares the database again in a child process when the build brings a newer migration', async () => {
    // Prepared by this build and stopped: as if it had run here before.
    const dir = copyOfFolder(prepared(), 'portal-main-upgrade-');
    const port = await freePort();
    try {
      const stamp = path.join(dir, 'pglite', 'portal-prepared');
      const stamped = fs.readFileSync(stamp, 'utf8');
      const [newest, queueSchema, demo] = stamped.split(' ');
      expect([queueSchema, demo]).toEqual([expect.stringMatching(/^queue-schema=\d+$/), 'demo=off']);
      // As if the data folder had been prepared by an older build. A stamp that differs in the job
      // queue's schema or the demo flag prepares again the same way: prepare.test.ts shows that the
      // stamp holds both, main-seed-demo.test.ts a start with the demo turned on.
      fs.writeFileSync(stamp, `0000_older_build ${queueSchema} demo=off`);
      const upgraded = await startServer(port, dir, NO_DEMO);
      try {
        expect(upgraded.output()).toContain(`Embedded database prepared up to migration ${newest}`);
        expect(upgraded.output()).not.toContain('Portal initialised');
        expect(fs.readFileSync(stamp, 'utf8')).toBe(stamped);
        expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
      } finally {
        expect(await stopPortal(upgraded.child)).toBe(0);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
