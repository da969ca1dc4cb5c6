import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The CLI's source entry: Node runs TypeScript directly, so a bench needs no build. */
export const CLI_MAIN = path.resolve(import.meta.dirname, '../main.ts');
/**
 * What the tests run: the run's bundle of the current sources (test/bundle-global-setup.ts), as
 * customers run it and five times cheaper to start; the sources where no test setup built one.
 */
export const CLI_ENTRY = process.env.FWPORTAL_TEST_BUNDLE ?? CLI_MAIN;

export type CliRun = { code: number | null; stdout: string; stderr: string };

/** A private config home, like a fresh user account. */
export const newConfigHome = () => mkdtempSync(path.join(tmpdir(), 'fwportal-home-'));

/** An environment without the developer's own FWPORTAL_* or language settings. */
export function cliEnv(configHome: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: configHome, XDG_CONFIG_HOME: configHome };
  return { ...env, LANG: 'en_US.UTF-8', ...extra };
}

/** Which fwportal runs (CLI_ENTRY unless told), and in which folder (the tests' own, unless told). */
export type CliStart = { entry?: string; cwd?: string };

export function spawnCli(args: string[], env: NodeJS.ProcessEnv, start: CliStart = {}): ChildProcess {
  return spawn(process.execPath, [start.entry ?? CLI_ENTRY, ...args], {
    env,
    cwd: start.cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Runs `fwportal args` to the end, `input` on its stdin. */
export async function runCli(
  args: string[],
  env: NodeJS.ProcessEnv,
  input = '',
  start: CliStart = {},
): Promise<CliRun> {
  const child = spawnCli(args, env, start);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdin?.end(input);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}
