import type { AddressInfo } from 'node:net';
import type { ApiTokenScope } from '@portal/contract';
import type { Config } from '../../../../apps/server/src/config';
import { referenceModel } from '../../../../apps/server/src/test/catalog-factories';
import { createUser } from '../../../../apps/server/src/test/factories';
import { createTestApp } from '../../../../apps/server/src/test/test-app';
import { buildFleetCatalogue, shippedFirmware } from './fleet-catalogue.ts';
import { bindServers, FLEET_MODEL } from './fleet-servers.ts';
import { runCli } from './run-cli.ts';

export const FLEET_SIZE = 10;

let runs = 0;

/**
 * A real portal on a loopback port (PGlite, the fleet catalogue of fleet-catalogue.ts and no demo
 * data), a customer owning ten servers of the fleet model running its older firmware, and another
 * customer owning one more.
 */
export async function startFleetPortal(
  options: { imageBytes?: number; deviceAuthPollSeconds?: number; config?: Partial<Config> } = {},
) {
  runs += 1;
  const t = await createTestApp('pglite', {
    deviceAuthPollSeconds: options.deviceAuthPollSeconds,
    config: options.config,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const model = await referenceModel(t.db, FLEET_MODEL);
  const catalogue = await buildFleetCatalogue(t.db, t.app.services.store, model, options.imageBytes);
  const installed = shippedFirmware(catalogue);
  const customer = await createUser(t.db, { roleCodes: ['customer'], email: 'fleet@example.com' });
  const sns = Array.from({ length: FLEET_SIZE }, (_, i) => `FLT${runs}${String(i).padStart(4, '0')}`);
  await bindServers(t.db, customer.id, sns, model.code, installed);
  const other = await createUser(t.db, { roleCodes: ['customer'] });
  const otherSn = `OTH${runs}0001`;
  await bindServers(t.db, other.id, [otherSn], model.code, installed);
  return {
    t,
    url: `http://127.0.0.1:${port}`,
    model,
    catalogue,
    customer,
    sns,
    otherSn,
    close: () => t.close(),
  };
}

export type FleetPortal = Awaited<ReturnType<typeof startFleetPortal>>;

/**
 * `fwportal login --token-stdin` with a token of `user` (the fleet customer unless named), made as
 * the console makes one: how a CI job signs in. The device sign-in has its own test
 * (device-login.test.ts).
 */
export async function loginWithToken(
  portal: FleetPortal,
  env: NodeJS.ProcessEnv,
  options: { user?: { id: number }; scopes?: ApiTokenScope[] } = {},
) {
  const { token } = await portal.t.app.services.apiTokens.create((options.user ?? portal.customer).id, {
    name: 'fwportal-test',
    scopes: options.scopes ?? ['catalog:read', 'download', 'licences', 'tasks'],
    expiresInDays: 7,
  });
  return runCli(['login', '--url', portal.url, '--token-stdin'], env, `${token}\n`);
}
