import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from './lib/secret-mask';
import { freePort } from './test/free-port';
import { until } from './test/until';

const serverDir = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-main-'));
/**
 * A last guard only: a start is awaited by its "Server listening" line (or its exit), never by a
 * fixed count of polls. Preparing a new database (initdb, every migration, the demo) took ~60 s on
 * a busy two-core machine, so a slower one must not fail by the clock (issue 41).
 */
const START_GUARD_MS = 300_000;
/** A test that starts the portal at most twice, with room for a machine half as fast. */
const TWO_STARTS_MS = 2 * START_GUARD_MS;

/**
 * The node flags and environment of the `start` script in package.json (what `npm start` runs
 * after building): `KEY=value ... node --flag ... dist/main.js`, `${KEY:-default}` as its default.
 */
function npmStartCommand(): { flags: string[]; env: Record<string, string> } {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const words = (scripts.start?.split('&&').at(-1) ?? '').trim().split(/\s+/);
  const node = words.indexOf('node');
  expect(node).toBeGreaterThanOrEqual(0);
  const env = Object.fromEntries(
    words.slice(0, node).map((word) => {
      const [key = '', value = ''] = word.split('=');
      return [key, /^\$\{\w+:-(.*)\}$/.exec(value)?.[1] ?? value];
    }),
  );
  expect(words.at(-1)).toBe('dist/main.js');
  return { flags: words.slice(node + 1, -1), env };
}

/** Runs the bundle with npm start's settings on `dir` (built in beforeAll); collects what it prints. */
function spawnPortal(dir: string, env: NodeJS.ProcessEnv) {
  const start = npmStartCommand();
  const child = spawn(process.execPath, [...start.flags, 'dist/main.js'], {
    cwd: serverDir,
    env: { ...process.env, ...start.env, DATA_DIR: dir, ...env },
  });
  let output = '';
  let stderr = '';
  const printed = new EventTarget();
  child.stdout?.on('data', (chunk) => {
    output += chunk;
    printed.dispatchEvent(new Event('data'));
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
    stderr += chunk;
    printed.dispatchEvent(new Event('data'));
  });
  /** Resolves once the output holds `text`; rejects when the process exits first or the guard passes. */
  const printedText = (text: string, guardMs: number) =>
    new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        clearTimeout(guard);
        printed.removeEventListener('data', check);
        child.off('exit', exitedFirst);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (output.includes(text)) done();
      };
      const exitedFirst = () => done(new Error(`server exited: ${output}`));
      const guard = setTimeout(() => done(new Error(`server did not start: ${output}`)), guardMs);
      printed.addEventListener('data', check);
      child.once('exit', exitedFirst);
      check();
      if (child.exitCode !== null) exitedFirst();
    });
  return { child, output: () => output, stderr: () => stderr, printedText };
}

async function startServer(
  port: number,
  dir = dataDir,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; output: () => string }> {
  const { child, output, printedText } = spawnPortal(dir, {
    PORT: String(port),
    HOST: '127.0.0.1',
    CAPTCHA: 'off',
    ADMIN_PASSWORD: 'Admin#Main1',
    DEMO_PASSWORD: 'Demo#Main1',
    LOG_LEVEL: 'info',
    ...extraEnv,
  });
  try {
    await printedText('Server listening', START_GUARD_MS);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { child, output };
}

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

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', resolve));

describe('the server process', () => {
  beforeAll(async () => {
    // Built only when its sources changed since the last build (npm start does the same).
    execFileSync(process.execPath, ['../../scripts/build-if-changed.mjs', 'server'], {
      cwd: serverDir,
      stdio: 'inherit',
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-main-prepared-'));
    const server = await startServer(await freePort(), dir);
    const exit = exited(server.child);
    server.child.kill('SIGTERM');
    expect(await exit).toBe(0);
    preparedFolder = { dir, output: server.output() };
  }, TWO_STARTS_MS);
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
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
    await new Promise((r) => setTimeout(r, 200));
    const exit = exited(first.child);
    first.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
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

  it('prepares the database again in a child process when the build brings a newer migration or job-queue schema', async () => {
    // Prepared by this build and stopped (beforeAll): as if it had run here before.
    const dir = copyOfPrepared('portal-main-upgrade-');
    const port = await freePort();
    const stop = async (server: Awaited<ReturnType<typeof startServer>>) => {
      const exit = exited(server.child);
      server.child.kill('SIGTERM');
      expect(await exit).toBe(0);
    };
    try {
      const stamp = path.join(dir, 'pglite', 'portal-prepared');
      const prepared = fs.readFileSync(stamp, 'utf8');
      const [newest, queueSchema, demo] = prepared.split(' ');
      expect([queueSchema, demo]).toEqual([expect.stringMatching(/^queue-schema=\d+$/), 'demo=on']);
      // As if the data folder had been prepared by an older build: an older migration, then an
      // older job-queue schema with the newest migration.
      for (const older of [`0000_older_build ${queueSchema} demo=on`, `${newest} queue-schema=1 demo=on`]) {
        fs.writeFileSync(stamp, older);
        const upgraded = await startServer(port, dir);
        try {
          expect(upgraded.output()).toContain(`Embedded database prepared up to migration ${newest}`);
          expect(upgraded.output()).not.toContain('Demo data created');
          expect(fs.readFileSync(stamp, 'utf8')).toBe(prepared);
          expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
        } finally {
          await stop(upgraded);
        }
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);

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
      const exit = exited(child);
      child.kill('SIGTERM');
      expect(await exit).toBe(1);
      expect(stderr()).toContain('preparing the embedded database was interrupted (SIGTERM)');
      // Its own children (initdb) go with it, once they see it gone.
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
