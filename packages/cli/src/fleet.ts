import { API_PATHS, FLEET_RESOLVE_MAX_SNS, type FleetServer, type FleetResolve } from './portal-api.ts';
import type { PortalClient } from './portal-client.ts';

/** Every SN's model and newest firmware, asked in batches the portal accepts. */
export async function resolveFleet(client: PortalClient, sns: string[]): Promise<FleetServer[]> {
  const servers: FleetServer[] = [];
  for (let start = 0; start < sns.length; start += FLEET_RESOLVE_MAX_SNS) {
    const batch = sns.slice(start, start + FLEET_RESOLVE_MAX_SNS);
    const answer = await client.json<FleetResolve>(API_PATHS.fleetResolve, {
      method: 'POST',
      body: { sns: batch },
    });
    servers.push(...answer.servers);
  }
  return servers;
}
