import type { FleetServerDetail } from '@portal/contract';
import { type Context, note, stringOption } from '../context.ts';
import type { ExitCode } from '../exit-codes.ts';
import { reportComponentsOf } from '../redfish/inventory.ts';
import { complianceOf, reportInventory, softwareIdsOf } from '../redfish/portal-inventory.ts';
import { mapLimited } from '../lib/map-limited.ts';
import { bmcConnectionsOf } from '../redfish/targets.ts';
import { openSession } from '../session.ts';
import { auditOne, type BmcResult, printAudit } from './audit-common.ts';
import { auditCve } from './audit-cve.ts';
import { auditFromRepo } from './audit-offline.ts';

export { auditExitCode } from './audit-common.ts';

/**
 * `fwportal audit`: reads every BMC's serial number and firmware inventory (Redfish), reports it
 * to the portal (source `audit`) and prints the portal's compliance per server and component.
 */
export async function audit(ctx: Context): Promise<ExitCode> {
  // An isolated network: the mirror's signed context instead of the portal (audit-offline.ts).
  if (stringOption(ctx, 'repo') !== undefined) return auditFromRepo(ctx);
  // One CVE across my servers, from what the portal knows: no BMC is read (audit-cve.ts).
  const cve = stringOption(ctx, 'cve');
  if (cve !== undefined) return auditCve(ctx, cve);
  const { connections, concurrency } = await bmcConnectionsOf(ctx);
  // The portal first: a missing token must not cost a walk over a thousand BMCs.
  const { client } = await openSession(ctx);
  const softwareIds = await softwareIdsOf(client);
  const results = await mapLimited(connections, concurrency, async (connection) => {
    const result = await auditOne(ctx, connection, softwareIds);
    if (!result.ok) note(ctx, 'audit.bmcFailed', { message: result.message });
    return result;
  });
  const read = results.filter((result): result is BmcResult & { ok: true } => result.ok);
  const reports = read.flatMap((result) => {
    const components = reportComponentsOf(result.inventory);
    return components.length > 0 ? [{ sn: result.inventory.sn, seenAt: result.seenAt, components }] : [];
  });
  const outcome =
    reports.length > 0 ? await reportInventory(client, reports) : { accepted: 0, changed: 0, unknown: [] };
  const unknown = new Set(outcome.unknown);
  const owned = [...new Set(reports.map((report) => report.sn).filter((sn) => !unknown.has(sn)))];
  const compliance =
    owned.length > 0 ? await complianceOf(client, owned) : new Map<string, FleetServerDetail>();
  const code = printAudit(ctx, { results, compliance, unknown, changed: outcome.changed });
  if (unknown.size > 0) note(ctx, 'audit.someUnknown', { count: unknown.size, sns: [...unknown].join(', ') });
  return code;
}
