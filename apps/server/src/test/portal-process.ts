import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The portal as `npm start` runs it, started as a real process by the process tests
 * (main*.test.ts and others): its bundle, npm start's node flags and environment, its output collected.
 */
export const serverDir = path.resolve(import.meta.dirname, '../..');

/**
 * A last guard only: a start is awaited by its "Server listening" line (or its exit), never by a
 * fixed count of polls. Preparing a new database (initdb, every migration, the demo) took ~60 s on
 * a busy two-core machine, so a slower one must not fail by the clock (issue 41).
 */
export const START_GUARD_MS = 300_000;
/** A test that starts the portal at most twice, with room for a machine half as fast. */
export const TWO_STARTS_MS = 2 * START_GUARD_MS;

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
  if (node < 0) throw new Error(`no node in the start script: ${scripts.start}`);
  const env = Object.fromEntries(
    words.slice(0, node).map((word) => {
      const [key = '', value = ''] = word.split('=');
      return [key, /^\$\{\w+:-(.*)\}$/.exec(value)?.[1] ?? value];
    }),
  );
  if (words.at(-1) !== 'dist/main.js')
    throw new Error(`the start script runs no dist/main.js: ${scripts.start}`);
  return { flags: words.slice(node + 1, -1), env };
}

/**
 * Runs the bundle with npm start's settings on `dir` (see buildBundle); collects what it prints.
 * `detached`: in a process group of its own, so that a kill of the group takes its children too.
 */
export function spawnPortal(dir: string, env: NodeJS.ProcessEnv, options: { detached?: boolean } = {}) {
  const start = npmStartCommand();
  const child = spawn(process.execPath, [...start.flags, 'dist/main.js'], {
    cwd: serverDir,
    env: { ...process.env, ...start.env, DATA_DIR: dir, ...env },
    detached: options.detached ?? false,
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

export async function startServer(
  port: number,
  dir: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<Pick<ReturnType<typeof spawnPortal>, 'child' | 'output' | 'printedText'>> {
  const { child, output, printedText } = spawnPortal(dir, {
    PORT: String(port),
    HOST: '127.0.0.1',
    CAPTCHA: 'off',
    ADMIN_PASSWORD: 'Admin#Main1',
    DEMO_PASSWORD: 'Demo#Main1',
    LOG_LEVEL: 'info',
    // Demo files of a few KB: these tests check the process, not the files' sizes (which
    // demo-image-sizes.test.ts does). The default 6 MB files took 6 of the 16 s a demo prepare
    // needed on a quiet machine, four times that on a busy one.
    DEMO_FILE_MB: '0',
    // No drain for a load balancer's keep-alive connections (graceful-close.test.ts is about it):
    // fetch keeps its connection to the portal open, so every stop after a request would wait
    // the whole 2 s drain (main.test.ts spent 6 of its 19 s in them on a quiet machine).
    SHUTDOWN_DRAIN_MS: '0',
    ...extraEnv,
  });
  try {
    await printedText('Server listening', START_GUARD_MS);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { child, output, printedText };
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', resolve));

/** Sends SIGTERM to a started portal: its exit code, once it has gone. */
export function stopPortal(child: ChildProcess): Promise<number | null> {
  const exit = exited(child);
  child.kill('SIGTERM');
  return exit;
}

/** POST /api/login on the portal started at `port`: whether it succeeded, and its token. */
export async function signInOn(
  port: number,
  account: string,
  password: string,
): Promise<{ success: boolean; data?: { token: string } }> {
  const response = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  return (await response.json()) as { success: boolean; data?: { token: string } };
}

/** How many catalogue versions `token`'s user sees on the portal started at `port`. */
export async function versionCountOn(port: number, token: string | undefined): Promise<number> {
  const answer = await fetch(`http://127.0.0.1:${port}/api/catalog/versions`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await answer.json()) as { data: { totalRows: number } }).data.totalRows;
}

/** Builds the bundle only when its sources changed since the last build (npm start does the same). */
export function buildBundle(): void {
  execFileSync(process.execPath, ['../../scripts/build-if-changed.mjs', 'server'], {
    cwd: serverDir,
    stdio: 'inherit',
  });
}

/**
 * A data folder prepared by a first start and a clean stop (migrated, seeded, stamped), and what
 * that start printed: tests that are not about the first start begin from a copy of it
 * (copyOfFolder) instead of preparing a database of their own.
 */
export async function preparedFolder(
  prefix: string,
  port: number,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ dir: string; output: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  try {
    const server = await startServer(port, dir, extraEnv);
    const code = await stopPortal(server.child);
    if (code !== 0) throw new Error(`the first start ended with ${code}: ${server.output()}`);
    return { dir, output: server.output() };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** A copy of a data folder as its stopped portal left it (see preparedFolder). */
export function copyOfFolder(folder: { dir: string } | undefined, prefix: string): string {
  if (!folder) throw new Error('the prepared data folder is missing (beforeAll failed?)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(folder.dir, dir, { recursive: true });
  return dir;
}
