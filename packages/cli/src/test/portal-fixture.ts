import type { AddressInfo } from 'node:net';
import { createUser } from '../../../../apps/server/src/test/factories';
import { createTestApp } from '../../../../apps/server/src/test/test-app';
import { bindServers } from './fleet-servers.ts';

export const FLEET_SIZE = 10;

let runs = 0;

/**
 * A real portal on a loopback port (PGlite, demo catalogue seeded), a customer owning ten M7-2U
 * servers and another customer owning one more.
 */
export async function startFleetPortal() {
  runs += 1;
  const t = await createTestApp('pglite', { catalog: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const customer = await createUser(t.db, { roleCodes: ['customer'], email: 'fleet@example.com' });
  const sns = Array.from({ length: FLEET_SIZE }, (_, i) => `FLT${runs}${String(i).padStart(4, '0')}`);
  await bindServers(t.db, customer.id, sns);
  const other = await createUser(t.db, { roleCodes: ['customer'] });
  const otherSn = `OTH${runs}0001`;
  await bindServers(t.db, other.id, [otherSn]);
  return { t, url: `http://127.0.0.1:${port}`, customer, sns, otherSn, close: () => t.close() };
}

export type FleetPortal = Awaited<ReturnType<typeof startFleetPortal>>;
