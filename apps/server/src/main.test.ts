import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from './lib/secret-mask';
import { freePort } from './test/free-port';
import { buildBundle, exited, START_GUARD_MS, startServer, TWO_STARTS_MS } from './test/portal-process';
import { until } from './test/until';

// The first start of a new folder and the starts that go on from it. The demo switched on later
// (main-seed-demo.test.ts) and the starts that fail (main-start-failures.test.ts) are files of
// their own: none of them uses this file's prepared folder, and vitest runs files side by side.

/**
 * A data folder prepared once for the run (migrated, seeded with the demo, stamped), by a first
 * start and a clean stop, and what that first start printed: tests that are not about the first
 * start begin from a copy instead of preparing a database of their own.
 */
let preparedFolder: { dir: string; output: string } | undefined;

/** A copy of the prepared data folder, as its stopped portal left it. */
function copyOfPrepared(prefix: string): string {
  if (!preparedFolder) throw new Error('the prepared data folder is missing (beforeAll failed?)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(preparedFolder.dir, dir, { recursive: true });
  return dir;
}

/** The mails a portal without SMTP_URL logged (one JSON line each): recipient and masked text. */
function loggedMails(output: string): { to: string; text: string }[] {
  return output.split('\n').flatMap((line) => {
    if (!line.includes('mail (no SMTP_URL set')) return [];
    const entry = JSON.parse(line) as { to: string; text: string };
    return [{ to: entry.to, text: entry.text }];
  });
}

describe('the server process', () => {
  beforeAll(async () => {
    buildBundle();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-main-prepared-'));
    const server = await startServer(await freePort(), dir);
    const exit = exited(server.child);
    server.child.kill('SIGTERM');
    expect(await exit).toBe(0);
    preparedFolder = { dir, output: server.output() };
  }, TWO_STARTS_MS);
  afterAll(() => {
    if (preparedFolder) fs.rmSync(preparedFolder.dir, { recursive: true, force: true });
  });

  it('prepares a new data folder in a child process and creates the demo data there once', () => {
    // The first start of the run (beforeAll) on an empty folder: a new database is migrated and
    // seeded by a child process (the portal's memory stays low).
    const firstStart = preparedFolder?.output ?? '';
    expect(firstStart).toContain('Demo data created');
    expect(firstStart).toMatch(/Embedded database prepared up to migration 0\d{3}_/);
  });

  it('finishes an in-flight request on SIGTERM, closes cleanly, and keeps its data for the next start', async () => {
    // A copy of the first start's folder (beforeAll), rather than preparing another database.
    const dir = copyOfPrepared('portal-main-sigterm-');
    const port = await freePort();
    const first = await startServer(port, dir);
    expect(first.output()).not.toContain('Embedded database prepared');

    // A sign-in whose body is still arriving is in flight when the signal comes.
    const body = JSON.stringify({ account: 'demo', password: 'Demo#Main1' });
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
    const exit = exited(first.child);
    first.child.kill('SIGTERM');
    await first.printedText('shutting down', START_GUARD_MS);
    socket.write(body.slice(10));
    await socketClosed;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('"success":true');
    expect(await exit).toBe(0);
    expect(first.output()).toContain('shutting down');

    // The second start reopens the same embedded database: no new demo data, same accounts.
    const second = await startServer(port, dir);
    try {
      expect(second.output()).not.toContain('Demo data created');
      expect(second.output()).not.toContain('Embedded database prepared');
      const response = await fetch(`http://127.0.0.1:${port}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(((await response.json()) as { success: boolean }).success).toBe(true);
    } finally {
      const secondExit = exited(second.child);
      second.child.kill('SIGTERM');
      expect(await secondExit).toBe(0);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);

  it('prepares the database again in a child process when the build brings a newer migration', async () => {
    // Prepared by this build and stopped (beforeAll): as if it had run here before.
    const dir = copyOfPrepared('portal-main-upgrade-');
    const port = await freePort();
    try {
      const stamp = path.join(dir, 'pglite', 'portal-prepared');
      const prepared = fs.readFileSync(stamp, 'utf8');
      const [newest, queueSchema, demo] = prepared.split(' ');
      expect([queueSchema, demo]).toEqual([expect.stringMatching(/^queue-schema=\d+$/), 'demo=on']);
      // As if the data folder had been prepared by an older build. A stamp that differs in the job
      // queue's schema or the demo flag prepares again the same way: prepare.test.ts shows that the
      // stamp holds both, main-seed-demo.test.ts a start with the demo turned on.
      fs.writeFileSync(stamp, `0000_older_build ${queueSchema} demo=on`);
      const upgraded = await startServer(port, dir);
      try {
        expect(upgraded.output()).toContain(`Embedded database prepared up to migration ${newest}`);
        expect(upgraded.output()).not.toContain('Demo data created');
        expect(fs.readFileSync(stamp, 'utf8')).toBe(prepared);
        expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
      } finally {
        const exit = exited(upgraded.child);
        upgraded.child.kill('SIGTERM');
        expect(await exit).toBe(0);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);

  it('writes no password, token, link or code to its log: sign-in, downloads, a reset and a code', async () => {
    // The first start (the banner included) was the prepared folder's; this one goes on from it.
    const logDir = copyOfPrepared('portal-log-');
    const port = await freePort();
    const server = await startServer(port, logDir);
    const firstStart = preparedFolder?.output ?? '';
    const url = (p: string) => `http://127.0.0.1:${port}${p}`;
    try {
      // Supplied passwords are the operator's: the first-start banner does not repeat them.
      expect(firstStart).toContain('Demo data created');
      const signIn = await fetch(url('/api/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'demo', password: 'Demo#Main1' }),
      });
      const token = ((await signIn.json()) as { data: { token: string } }).data.token;
      expect(token.length).toBeGreaterThan(20);
      const auth = { authorization: `Bearer ${token}` };
      await fetch(url('/api/getLoginUser'), { headers: auth });
      const versions = (await (await fetch(url('/api/public/catalog/versions'))).json()) as {
        data: { rows: { versionId: number }[] };
      };
      const id = versions.data.rows[0]?.versionId;
      expect(id).toBeDefined();
      await (await fetch(url(`/api/downloads/${id}`), { headers: auth })).arrayBuffer();
      // A browser link: a download ticket in the URL (and a refused session token) never logged.
      const ticket = (await (
        await fetch(url(`/api/downloads/${id}/ticket`), { method: 'POST', headers: auth })
      ).json()) as { data: { ticket: string; url: string } };
      const viaTicket = await fetch(url(ticket.data.url));
      expect(viaTicket.status).toBe(200);
      await viaTicket.arrayBuffer();
      expect((await fetch(url(`/api/downloads/${id}?token=${token}`))).status).toBe(400);
      await fetch(url('/api/auth/recover'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'demo' }),
      });
      await fetch(url(`/api/auth/emailCode?email=${encodeURIComponent('log-test@example.com')}`));
      // The recovery mail goes out after the answer: wait for both mails' log lines, so that the
      // checks below read them rather than a log they have not reached yet.
      const mails = await until(
        'the recovery and code mails in the log',
        () => {
          const logged = loggedMails(server.output());
          // The demo customer also gets the demo advisories' notices by mail: the reset is the one with the link.
          const reset = logged.find(
            (mail) => mail.to === 'demo@example.com' && mail.text.includes('/user/recover'),
          );
          const code = logged.find((mail) => mail.to === 'log-test@example.com');
          return reset && code ? { reset, code } : undefined;
        },
        20_000,
      );
      // They hold the link and the code, masked: what the checks below look for is there to find.
      expect(mails.reset.text).toContain(`/user/recover?token=${MASK}`);
      expect(mails.code.text).toContain(MASK);

      const log = firstStart + server.output();
      for (const secret of ['Demo#Main1', 'Admin#Main1', token, ticket.data.ticket])
        expect(log).not.toContain(secret);
      expect(log).not.toMatch(/(?:token|ticket|code)=(?!\[redacted\]|••••••)[A-Za-z0-9_-]{6,}/);
      // No verification code: six digits standing alone (not inside a request id or a number).
      const code = /(?<![\w.-])\d{6}(?![\w-]|\.\d)/.exec(log);
      expect(code && log.slice(code.index - 120, code.index + 20)).toBeNull();
    } finally {
      const exit = exited(server.child);
      server.child.kill('SIGTERM');
      await exit;
      fs.rmSync(logDir, { recursive: true, force: true });
    }
  }, 600_000);
});
