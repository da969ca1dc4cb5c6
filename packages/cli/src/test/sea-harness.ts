import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildFileName, RELEASE_PUBLIC_KEY_FILE } from '@portal/contract/cli-builds';
import { type FleetPortal, startFleetPortal } from './portal-fixture.ts';
import { newConfigHome } from './run-cli.ts';
import { SEA_TEST_VERSIONS, type SeaTestBuilds, seaTestBuilds } from './sea-builds.ts';

/*
 * The linux-x64 single executable as a customer runs it: copied into a folder of its own, on a
 * machine whose PATH holds no `node` (an empty folder). Shared by the files that test it (the
 * executable itself, self-update, the relink kit), each of which gets a copy of its own.
 */

export const { current, newer } = SEA_TEST_VERSIONS;
export const PLATFORM = 'linux-x64';

export type Run = { code: number | null; stdout: string; stderr: string };

export const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

export type SeaHarness = {
  builds: SeaTestBuilds;
  /** A real portal that signs with a key of its own; absent unless asked for. */
  portal: FleetPortal;
  /** An API token of the portal's customer (catalog:read, download, inventory). */
  token: string;
  home: string;
  /** The PATH the executable runs with: an empty folder. */
  noNodePath: string;
  /** The installed copy of the current build, alone in its folder. */
  program: string;
  /** `version`'s build as `build-binaries.mjs` wrote it. */
  built: (version: string) => string;
  /** `fwportal args` as the single executable, with nothing but an empty folder on PATH. */
  fwportal: (args: string[], input?: string, extraEnv?: Record<string, string>) => Promise<Run>;
  /** A folder holding `version`'s build under its own name, and what else `files` adds beside it. */
  carried: (version: string, files?: (dir: string, file: string) => void) => string;
  /** Adds `version`'s SHA256SUMS and its release signature beside a carried build. */
  withSignedSums: (version: string) => (dir: string) => void;
};

/**
 * Registers the file's beforeAll and afterAll: the builds (cached per change of their sources),
 * a copy of the current build on a PATH without node, and with `portal` a real portal whose
 * publishing checks builds against the newer build's release key (never on a portal: only its
 * public half). The returned object is filled in by the time the tests run.
 */
export function useSingleExecutable(options: { portal: boolean }): SeaHarness {
  const harness = {} as SeaHarness;
  beforeAll(async () => {
    const builds = await seaTestBuilds();
    const built = (version: string) =>
      path.join(version === current ? builds.current : builds.newer, buildFileName(version, PLATFORM));
    const home = newConfigHome();
    const noNodePath = mkdtempSync(path.join(tmpdir(), 'fwportal-path-'));
    const program = path.join(mkdtempSync(path.join(tmpdir(), 'fwportal-bin-')), 'fwportal');
    copyFileSync(built(current), program);
    chmodSync(program, 0o755);
    Object.assign(harness, {
      builds,
      built,
      home,
      noNodePath,
      program,
      fwportal(args: string[], input = '', extraEnv: Record<string, string> = {}) {
        const env = { PATH: noNodePath, HOME: home, XDG_CONFIG_HOME: home, LANG: 'en_US.UTF-8', ...extraEnv };
        const child = spawn(program, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
        child.stdin.end(input);
        return new Promise<Run>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
      },
      carried(version: string, files: (dir: string, file: string) => void = () => {}) {
        const dir = mkdtempSync(path.join(home, 'carried-'));
        const file = path.join(dir, buildFileName(version, PLATFORM));
        copyFileSync(built(version), file);
        files(dir, file);
        return file;
      },
      withSignedSums: (version: string) => (dir: string) => {
        for (const name of ['SHA256SUMS', 'SHA256SUMS.sig'])
          copyFileSync(path.join(path.dirname(built(version)), name), path.join(dir, name));
      },
    } satisfies Omit<SeaHarness, 'portal' | 'token'>);
    if (!options.portal) return;
    harness.portal = await startFleetPortal({
      config: { CLI_RELEASE_PUBLIC_KEY_FILE: path.join(builds.newer, RELEASE_PUBLIC_KEY_FILE) },
    });
    ({ token: harness.token } = await harness.portal.t.app.services.apiTokens.create(
      harness.portal.customer.id,
      { name: 'single-executable', scopes: ['catalog:read', 'download', 'inventory'], expiresInDays: 7 },
    ));
  }, 900_000);
  afterAll(async () => {
    await harness.portal?.close();
    // The program and the builds carried beside it are a hundred megabytes each.
    for (const dir of [harness.home, harness.noNodePath, harness.program && path.dirname(harness.program)])
      if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return harness;
}
