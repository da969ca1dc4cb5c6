import fs from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';
import { demoOffFolderForBlock } from './test/demo-off-folder';
import {
  copyOfFolder,
  stopPortal,
  START_GUARD_MS,
  signInOn,
  startServer,
  versionCountOn,
} from './test/portal-process';

// Split from main.test.ts: a start that goes on from a folder an earlier start prepared, after a
// stop under a request (main-upgrade.test.ts: after an upgrade). It starts from a copy of the
// run's folder prepared without the demo (the subject is the restart, not the seed), not of
// main.test.ts's, so the files run side by side.

/** Every start here: the folder was prepared without the demo, and a start with it would prepare again. */
const NO_DEMO = { SEED_DEMO: 'off' };

describe('the server process, started again on its prepared folder', () => {
  /** The run's data folder prepared by a first start and a clean stop (test/demo-off-folder.ts). */
  const prepared = demoOffFolderForBlock();

  it('finishes an in-flight request on SIGTERM, closes cleanly, and keeps its data for the next start', async () => {
    // SEED_DEMO=off: the first start's banner named the admin only.
    expect(prepared().output).not.toContain('demo  /');
    // A copy of the prepared folder, rather than preparing another database.
    const dir = copyOfFolder(prepared(), 'portal-main-sigterm-');
    const port = await freePort();
    const first = await startServer(port, dir, NO_DEMO);
    expect(first.output()).not.toContain('Embedded database prepared');

    // A sign-in whose body is still arriving is in flight when the signal comes.
    const body = JSON.stringify({ account: 'admin', password: 'Admin#Main1' });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    const socketClosed = new Promise((r) => socket.once('close', r));
    // The signal comes once the portal has the request (its "incoming request" line), and the
    // rest of the body once it is shutting down: waited for by its log lines, not by the clock.
    await first.printedText('"url":"/api/login"', START_GUARD_MS);
    const exit = stopPortal(first.child);
    await first.printedText('shutting down', START_GUARD_MS);
    socket.write(body.slice(10));
    await socketClosed;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('"success":true');
    expect(await exit).toBe(0);
    expect(first.output()).toContain('shutting down');

    // The second start reopens the same embedded database: nothing created again, same accounts,
    // and with SEED_DEMO=off still the admin only and no catalogue (main-seed-demo.test.ts turns
    // the demo on in such a folder).
    const second = await startServer(port, dir, NO_DEMO);
    try {
      expect(second.output()).not.toContain('Portal initialised');
      expect(second.output()).not.toContain('Embedded database prepared');
      const admin = await signInOn(port, 'admin', 'Admin#Main1');
      expect(admin.success).toBe(true);
      expect((await signInOn(port, 'demo', 'Demo#Main1')).success).toBe(false);
      expect(await versionCountOn(port, admin.data?.token)).toBe(0);
    } finally {
      expect(await stopPortal(second.child)).toBe(0);
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // The passwords given to starts on a folder that has its accounts (ADMIN_PASSWORD,
    // DEMO_PASSWORD) are in neither start's log, their shutdowns included.
    for (const log of [first.output(), second.output()])
      for (const password of ['Admin#Main1', 'Demo#Main1']) expect(log).not.toContain(password);
  }, 600_000);
});
