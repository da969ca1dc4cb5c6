import { execFile } from 'node:child_process';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import type { SeaPlatform } from '@portal/contract/cli-builds';
import type { Candidate } from './candidate-file.ts';

const run = promisify(execFile);

/** Long enough for a cold start on a slow disk; a build that hangs is not installed. */
const CANDIDATE_START_TIMEOUT_MS = 60_000;

/**
 * Runs the verified candidate once (`version --json`) before it replaces anything: it must start
 * on this machine and say it is the version and platform its signed name states, so a build
 * published under a wrong name cannot pass for a newer one.
 */
export async function checkCandidateRuns(
  candidate: Candidate,
  expected: { version: string; platform: SeaPlatform },
): Promise<void> {
  const fail = (reason: string) =>
    new CliError(EXIT.error, 'selfUpdate.candidateFailed', { version: expected.version, reason });
  let stdout: string;
  try {
    // No inherited FWPORTAL_TOKEN or other secret: the check needs nothing but the program.
    ({ stdout } = await run(candidate.file, ['version', '--json'], {
      env: { PATH: process.env.PATH ?? '' },
      timeout: CANDIDATE_START_TIMEOUT_MS,
      windowsHide: true,
    }));
  } catch (error) {
    throw fail((error as Error).message.split('\n')[0] ?? '');
  }
  let said: { version?: unknown; platform?: unknown };
  try {
    said = JSON.parse(stdout) as typeof said;
  } catch {
    throw fail('no version');
  }
  if (said.version !== expected.version || said.platform !== expected.platform)
    throw fail(`${String(said.version)} ${String(said.platform)}`);
}

/**
 * Puts the candidate in place of `target` in one rename, so a reader sees the old file or the new
 * one, never half of one. Windows does not let a running program's file be replaced but lets it be
 * renamed: the old one moves aside as `<name>.old` (removed by the next run) first.
 */
export async function replaceExecutable(target: string, candidate: Candidate): Promise<void> {
  if (process.platform === 'win32') {
    const aside = `${target}.old`;
    await rm(aside, { force: true });
    await rename(target, aside);
    await rename(candidate.file, target).catch(async (error: unknown) => {
      await rename(aside, target);
      throw error;
    });
    return;
  }
  await rename(candidate.file, target);
  // The rename itself reaches the disk only with its folder.
  const folder = await open(path.dirname(target), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/** What a Windows update left beside the executable; removed quietly when it can be. */
export async function removeReplacedExecutable(executable: string): Promise<void> {
  if (process.platform === 'win32') await rm(`${executable}.old`, { force: true }).catch(() => undefined);
}
