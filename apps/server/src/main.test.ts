import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from './lib/secret-mask';
import { freePort } from './test/free-port';
import { buildBundle, START_GUARD_MS, startServer, stopPortal } from './test/portal-process';
import { until } from './test/until';

// The first start of a new folder, with the demo, and what a person then does on it. The restarts
// (main-restart.test.ts, main-upgrade.test.ts), the demo switched on later (main-seed-demo.test.ts)
// and the starts that fail (main-start-failures.test.ts) are files of their own, each on folders
// of its own, so that vitest runs them side by side.

/** This run's first start with the demo, on a new folder, running until the log test stops it. */
let firstStart: { dir: string; port: number; server: Awaited<ReturnType<typeof startServer>> } | undefined;

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
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-main-first-'));
    try {
      const port = await freePort();
      firstStart = { dir, port, server: await startServer(port, dir) };
    } catch (error) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }, START_GUARD_MS);
  afterAll(async () => {
    if (!firstStart) return;
    // The log test stops it; if that test failed first, stopped here.
    const { child } = firstStart.server;
    if (child.exitCode === null && child.signalCode === null) await stopPortal(child);
    fs.rmSync(firstStart.dir, { recursive: true, force: true });
  });

  it('prepares a new data folder in a child process and creates the demo data there once', () => {
    // The first start on an empty folder: a new database is migrated and seeded by a child
    // process (the portal's memory stays low).
    const output = firstStart?.server.output() ?? '';
    expect(output).toContain('Demo data created');
    expect(output).toMatch(/Embedded database prepared up to migration 0\d{3}_/);
  });

  it('writes no password, token, link or code to its log: sign-in, downloads, a reset and a code', async () => {
    // On the first start, from its banner to its shutdown: one start less than a copy of its
    // folder started again (issue 41); main-restart.test.ts checks the log of a start on a folder
    // that has its accounts.
    if (!firstStart) throw new Error('the first start is missing (beforeAll failed?)');
    const { port, server } = firstStart;
    const url = (p: string) => `http://127.0.0.1:${port}${p}`;
    // Supplied passwords are the operator's: the first-start banner does not repeat them.
    expect(server.output()).toContain('Demo data created');
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

    // The whole log, the shutdown's lines included: the portal stops cleanly first.
    expect(await stopPortal(server.child)).toBe(0);
    const log = server.output();
    for (const secret of ['Demo#Main1', 'Admin#Main1', token, ticket.data.ticket])
      expect(log).not.toContain(secret);
    expect(log).not.toMatch(/(?:token|ticket|code)=(?!\[redacted\]|••••••)[A-Za-z0-9_-]{6,}/);
    // No verification code: six digits standing alone (not inside a request id or a number).
    const code = /(?<![\w.-])\d{6}(?![\w-]|\.\d)/.exec(log);
    expect(code && log.slice(code.index - 120, code.index + 20)).toBeNull();
  }, 600_000);
});
