import type { FleetServerDetail, InventoryReportResult } from '@portal/contract';
import type { PortalClient } from '../portal-client.ts';
import {
  type ReportComponent,
  type SoftwareIdEntry,
  softwareIdMapOf,
  type SoftwareIdMap,
} from './inventory.ts';
import { mapLimited } from '../lib/map-limited.ts';

/** The portal's fleet inventory API as `fwportal audit` (and update, after its run) uses it. */

export const INVENTORY_PATHS = {
  report: '/api/fleet/inventory',
  server: (sn: string) => `/api/fleet/servers/${encodeURIComponent(sn)}`,
  export: '/api/fleet/export',
  softwareIds: '/api/fleet/software-ids',
} as const;
/** Servers in one report (INVENTORY_LIMITS.servers of @portal/contract). */
export const REPORT_MAX_SERVERS = 10_000;
/** Up to this many servers, each is asked for alone; more, and the whole fleet's export is read once. */
const ONE_BY_ONE_MAX = 8;

export type ServerReport = { sn: string; seenAt: string; components: ReportComponent[] };

/**
 * The SoftwareIds staff recorded on catalogue items (GET /api/fleet/software-ids). A portal
 * without that API (404) gives none: entries are then mapped by RelatedItem only.
 */
export async function softwareIdsOf(client: PortalClient): Promise<SoftwareIdMap> {
  const response = await client.request(INVENTORY_PATHS.softwareIds, { answers: [404] });
  if (response.status === 404) {
    await response.body?.cancel();
    return softwareIdMapOf([]);
  }
  const envelope = (await response.json()) as { data?: { entries?: SoftwareIdEntry[] } };
  const entries = envelope.data?.entries;
  return softwareIdMapOf(Array.isArray(entries) ? entries : []);
}

/** Reports with source `audit`, 10,000 servers a request; SNs not the caller's come back as unknown. */
export async function reportInventory(
  client: PortalClient,
  servers: ServerReport[],
): Promise<InventoryReportResult> {
  const total: InventoryReportResult = { accepted: 0, changed: 0, unknown: [] };
  for (let start = 0; start < servers.length; start += REPORT_MAX_SERVERS) {
    const result = await client.json<InventoryReportResult>(INVENTORY_PATHS.report, {
      method: 'POST',
      body: { source: 'audit', servers: servers.slice(start, start + REPORT_MAX_SERVERS) },
      // The same readings sent twice are stored once: a portal restarting mid-run must not lose them.
      retryTransient: true,
    });
    total.accepted += result.accepted;
    total.changed += result.changed;
    total.unknown.push(...result.unknown);
  }
  return total;
}

/** The compliance of these servers of the caller's (computed by the portal right now, never cached). */
export async function complianceOf(
  client: PortalClient,
  sns: string[],
): Promise<Map<string, FleetServerDetail>> {
  const wanted = new Set(sns);
  if (sns.length <= ONE_BY_ONE_MAX) {
    const details = await mapLimited(sns, 4, (sn) =>
      client.json<FleetServerDetail>(INVENTORY_PATHS.server(sn)),
    );
    return new Map(details.map((detail) => [detail.sn, detail]));
  }
  const response = await client.request(INVENTORY_PATHS.export, { query: { format: 'json' } });
  const { servers } = (await response.json()) as { servers: FleetServerDetail[] };
  return new Map(servers.filter((server) => wanted.has(server.sn)).map((server) => [server.sn, server]));
}
