import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { createVersion } from '../../../../apps/server/src/test/catalog-factories';
import { EXIT } from '../exit-codes.ts';
import { firmwareOf } from './fleet-catalogue.ts';
import { type FleetPortal, loginWithToken, startFleetPortal } from './portal-fixture.ts';
import { cliEnv, newConfigHome } from './run-cli.ts';
import { startTamperProxy } from './tamper-proxy.ts';

/** One file of `fwportal download --json`'s answer. */
export type Downloaded = { versionId: number; path: string; status: string; sha256: string };

/** The fleet's portal, a proxy in front of it that can slow, stall or tamper, and a signed-in fwportal. */
export type DownloadFixture = {
  portal: FleetPortal;
  proxy: Awaited<ReturnType<typeof startTamperProxy>>;
  home: string;
  env: NodeJS.ProcessEnv;
  /** A folder of its own for one download, under `home`. */
  work(): string;
  /**
   * A published version of the fleet's BMC item whose file is `bytes` (like an upload). It
   * supports no model, so what the fleet resolves to stays the catalogue's newest releases.
   */
  publishVersion(bytes: Buffer): ReturnType<typeof createVersion>;
  /**
   * fwportal as a script behind the proxy runs it: a config folder of its own, the signed-in
   * token in the environment and the portal's signing key pinned in a file (`key`).
   */
  throughProxy(extra?: NodeJS.ProcessEnv): { key: string; env: NodeJS.ProcessEnv };
  close(): Promise<void>;
};

export async function startDownloadFixture(): Promise<DownloadFixture> {
  const portal = await startFleetPortal();
  const proxy = await startTamperProxy(portal.url);
  const home = newConfigHome();
  const env = cliEnv(home);
  const login = await loginWithToken(portal, env);
  expect(login.code).toBe(EXIT.ok);
  return {
    portal,
    proxy,
    home,
    env,
    work: () => path.join(home, `out-${randomBytes(4).toString('hex')}`),
    publishVersion: (bytes) =>
      createVersion(portal.t.db, portal.t.app.services.store, {
        itemId: firmwareOf(portal.catalogue, 'BMC').itemId,
        version: `99.0.${bytes.length}`,
        releaseDate: '2020-01-01',
        bytes,
      }),
    throughProxy(extra = {}) {
      const config = JSON.parse(readFileSync(path.join(home, 'fwportal', 'config.json'), 'utf8'));
      const key = path.join(home, 'pinned.pem');
      writeFileSync(key, config.signingKey);
      return { key, env: { ...cliEnv(newConfigHome()), FWPORTAL_TOKEN: config.token, ...extra } };
    },
    async close() {
      await proxy.close();
      await portal.close();
    },
  };
}
