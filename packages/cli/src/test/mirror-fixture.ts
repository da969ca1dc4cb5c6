import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ApiTokenScope } from '@portal/contract';
import { expect } from 'vitest';
import { EXIT } from '../exit-codes.ts';
import type { MirrorIndex } from '../mirror/mirror-layout.ts';
import { type FleetPortal, loginWithToken, startFleetPortal } from './portal-fixture.ts';
import { type CliRun, cliEnv, newConfigHome, runCli } from './run-cli.ts';

/** What `fwportal mirror sync --json` answers. */
export type SyncJson = {
  snapshot: string;
  created: boolean;
  files: number;
  fetched: number;
  fetchedBytes: number;
  failed: { versionId: number; message: string }[];
};

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
export const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
export const indexOf = (out: string, snapshot: string) =>
  readJson<MirrorIndex>(path.join(out, 'snapshots', snapshot, 'index.json'));

/** The fleet's portal and a signed-in fwportal: what each mirror test file starts from. */
export type MirrorFixture = {
  portal: FleetPortal;
  home: string;
  env: NodeJS.ProcessEnv;
  /** A folder for a mirror of its own, under `home`. */
  work(): string;
  /** `mirror sync --json` into `out`, its answer parsed. */
  sync(
    out: string,
    extra?: string[],
    runEnv?: NodeJS.ProcessEnv,
  ): Promise<CliRun & { result: SyncJson | null }>;
};

/** `scopes`: the token's, when a file needs others than loginWithToken's (`inventory` to report). */
export async function startMirrorFixture(options: { scopes?: ApiTokenScope[] } = {}): Promise<MirrorFixture> {
  const portal = await startFleetPortal();
  const home = newConfigHome();
  const env = cliEnv(home);
  expect((await loginWithToken(portal, env, { scopes: options.scopes })).code).toBe(EXIT.ok);
  return {
    portal,
    home,
    env,
    work: () => path.join(home, `mirror-${randomBytes(4).toString('hex')}`),
    async sync(out, extra = [], runEnv = env) {
      const run = await runCli(['mirror', 'sync', '--out', out, '--json', ...extra], runEnv);
      return { ...run, result: run.stdout ? (JSON.parse(run.stdout) as SyncJson) : null };
    },
  };
}
