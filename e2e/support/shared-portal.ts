import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../apps/server/src/test/free-port';
import { randomCaptchaText } from '../../apps/server/src/modules/captcha/captcha.service';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The portal the read-only files share (`useConsoleSuite({ shared: true })`). */
    sharedPortal: { url: string; captchaAnswer: string; readyFile: string; template: string };
  }
}

/**
 * vitest globalSetup of the e2e project: ONE demo portal for the files that only read (issue 41),
 * instead of one per file. It starts in the background, as a process of its own
 * (shared-portal-main.ts), so that a run of other files does not wait for it; a shared suite
 * waits until it answers /api/ready. Files that change what another file reads (accounts,
 * passwords, settings, publishing, notices read...) keep a portal of their own. Its captcha has
 * one answer all run long: the shared files never test the captcha.
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
    ['--import', 'tsx', path.join(import.meta.dirname, 'shared-portal-main.ts')],
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
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
}
