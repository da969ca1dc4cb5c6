import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../apps/server/src/test/free-port';
import { randomCaptchaText } from '../../apps/server/src/modules/captcha/captcha.service';
import { until } from '../../apps/server/src/test/until';
import { nativeTypeScript } from '../../scripts/vitest-native.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The portal the read-only files share (`useConsoleSuite({ shared: true })`). */
    sharedPortal: { url: string; captchaAnswer: string; readyFile: string; template: string };
  }
}

/**
 * vitest globalSetup of the e2e project: ONE demo portal for the files that only read (issue 41),
 * instead of one per file, as a process of its own (shared-portal-main.ts). Files that change
 * what another file reads (accounts, passwords, settings, publishing, notices read...) keep a
 * portal of their own, started from the template this one saves once seeded. Its captcha has
 * one answer all run long: the shared files never test the captcha.
 *
 * Every file needs it (the shared portal or its template), so the setup waits until it is
 * seeded: when the first file waited instead, that file was timed with the run's seeding (e2e
 * `psirt`: 42-57 s whole in CI, 13-18 s of it its test).
 */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const captchaAnswer = randomCaptchaText();
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-e2e-shared-'));
  /** Written by the portal's process once it is seeded, not only listening. */
  const readyFile = path.join(folder, 'ready');
  /** The seeded database and data folder, saved before the ready file is written (portal.ts). */
  const template = path.join(folder, 'template');
  const child = spawn(
    process.execPath,
    // The test workers' loader (scripts/vitest-native.mjs): what it writes of the portal's
    // modules for this process, the workers then read instead of writing it again.
    [...nativeTypeScript.execArgv, path.join(import.meta.dirname, 'shared-portal-main.ts')],
    {
      env: {
        ...process.env,
        SHARED_PORTAL_PORT: String(port),
        SHARED_PORTAL_CAPTCHA: captchaAnswer,
        SHARED_PORTAL_READY_FILE: readyFile,
        SHARED_PORTAL_TEMPLATE: template,
      },
      // Its errors show in the run's output; the IPC channel ends it should vitest go away.
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  project.provide('sharedPortal', { url: `http://127.0.0.1:${port}`, captchaAnswer, readyFile, template });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    // A last guard only: about 20 s on a quiet machine, the run's first minute is a busy one. A
    // portal that dies while seeding ends the wait at once.
    const gone = () => child.exitCode !== null || child.signalCode !== null;
    await until(
      'the shared portal, seeded',
      () => (existsSync(readyFile) || gone() ? true : undefined),
      240_000,
    );
    if (!existsSync(readyFile))
      throw new Error(
        `the shared portal exited (${child.exitCode ?? child.signalCode}) before it was seeded: its error is above`,
      );
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
