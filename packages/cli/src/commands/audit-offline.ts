import type { KeyObject } from 'node:crypto';
import path from 'node:path';
import type { ComponentReading, OfflineComplianceContext } from '@portal/contract/compliance';
import type { FleetServerDetail } from '@portal/contract';
import { CliError } from '../cli-error.ts';
import { readConfig } from '../config-store.ts';
import { type Context, note, say, stringOption } from '../context.ts';
import { replaceFile } from '../download/no-follow.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';
import { mapLimited } from '../lib/map-limited.ts';
import { checkContextFreshness } from '../mirror/context-freshness.ts';
import { openRepo } from '../mirror/mirror-repo.ts';
import { reportComponentsOf, softwareIdMapOf } from '../redfish/inventory.ts';
import type { ServerReport } from '../redfish/portal-inventory.ts';
import { bmcConnectionsOf } from '../redfish/targets.ts';
import { portalTimeoutMs, signingKeyOf } from '../session.ts';
import { keyIdOf, publicKeyOf } from '../signing-key.ts';
import { auditOne, type BmcResult, printAudit } from './audit-common.ts';

/** What `fwportal report --from` uploads later: the body of POST /api/fleet/inventory, and whence it came. */
export const READINGS_FORMAT = 'fwportal-readings/1';
export type ReadingsFile = {
  format: typeof READINGS_FORMAT;
  /** The portal whose signed context judged them, and the snapshot it came in. */
  origin: string;
  /**
   * The fingerprint (keyIdOf) of the key that context verified with: `report --from` uploads only
   * to a portal whose pinned key has it. Absent from files written before it was recorded.
   */
  keyId?: string;
  snapshot: string;
  createdAt: string;
  servers: ServerReport[];
};

/**
 * The newest snapshot's compliance context of the mirror `--repo` names (a folder or a URL),
 * checked against the key pinned at login (or --key).
 */
export async function contextOfRepo(ctx: Context, location: string) {
  const key = publicKeyOf(await signingKeyOf(ctx, await readConfig(ctx.configDir)));
  const repo = openRepo(location, portalTimeoutMs(ctx));
  const newest = (await repo.catalog()).snapshots.at(-1);
  if (!newest) throw new CliError(EXIT.error, 'mirror.nothing', { dir: location });
  const index = await repo.index(newest.name);
  const context = await repo.context(index, key);
  await checkContextFreshness(ctx, key, context, index.snapshot);
  return { key, repo, index, context };
}

/** Writes what `report --from` uploads later (say where); answers its absolute path. */
export async function writeReadings(
  ctx: Context,
  context: OfflineComplianceContext,
  key: KeyObject,
  snapshot: string,
  servers: ServerReport[],
): Promise<string> {
  const createdAt = new Date().toISOString();
  const readings: ReadingsFile = {
    format: READINGS_FORMAT,
    origin: context.origin,
    keyId: keyIdOf(key),
    snapshot,
    createdAt,
    servers,
  };
  const file = path.resolve(
    stringOption(ctx, 'readings') ?? `fwportal-readings-${createdAt.replace(/[:.]/g, '-')}.json`,
  );
  await replaceFile(
    path.dirname(file),
    path.basename(file),
    Buffer.from(`${JSON.stringify(readings, null, 2)}\n`),
  );
  say(ctx, 'mirror.readingsWritten', { file, count: servers.length, snapshot });
  return file;
}

/**
 * The portal's key of a report line (`BMC`, `PCIE:<PN>[:<slot>]`), as the contract's componentKeyOf
 * makes it: that one lives in a zod module, which the CLI's bundle may not carry.
 */
const componentKeyOf = (line: ServerReport['components'][number]) =>
  line.kind !== 'PCIE' ? line.kind : line.slot ? `PCIE:${line.pn}:${line.slot}` : `PCIE:${line.pn}`;

/** A BMC's readings as the rules take them: source `audit`, seen now. */
const readingsOf = (report: ServerReport): ComponentReading[] =>
  report.components.map((component) => ({
    component: componentKeyOf(component),
    kind: component.kind,
    pn: component.pn ?? null,
    slot: component.slot ?? null,
    version: component.version,
    source: 'audit',
    seenAt: report.seenAt,
    contradicts: null,
  }));

/**
 * The portal's rules, from the contract's engine. Loaded here only: the engine's modules import
 * each other without file extensions, which the bundle (esbuild) resolves and Node running the
 * sources does not, so no other command may depend on them being loadable.
 */
export async function judge(context: OfflineComplianceContext, reports: ServerReport[], ctx: Context) {
  const { complianceContextOf, serverCompliance } = await import('@portal/contract/compliance');
  const rules = complianceContextOf(context, ctx.locale, new Date());
  const servers = new Map(context.servers.map((server) => [server.sn, server]));
  const compliance = new Map<string, FleetServerDetail>();
  const unknown = new Set<string>();
  for (const report of reports) {
    const server = servers.get(report.sn);
    if (!server) unknown.add(report.sn);
    else compliance.set(report.sn, serverCompliance(server, readingsOf(report), rules));
  }
  return { compliance, unknown };
}

/**
 * `fwportal audit --repo DIR`: on an isolated network, the BMCs are read as online, and judged by
 * the portal's own rules (the contract's engine, bundled) against the signed compliance context of
 * the mirror's newest snapshot; the readings go to a file for `fwportal report --from` to upload
 * from a connected machine, so the portal's "My servers" stays true.
 */
export async function auditFromRepo(ctx: Context): Promise<ExitCode> {
  const root = stringOption(ctx, 'repo') ?? '';
  const { connections, concurrency } = await bmcConnectionsOf(ctx);
  const { key, repo, index, context } = await contextOfRepo(ctx, root);
  await repo.close();
  const softwareIds = softwareIdMapOf(context.softwareIds);
  const results: BmcResult[] = await mapLimited(connections, concurrency, async (connection) => {
    const result = await auditOne(ctx, connection, softwareIds);
    if (!result.ok) note(ctx, 'audit.bmcFailed', { message: result.message });
    return result;
  });
  const reports = results.flatMap((result) => {
    if (!result.ok) return [];
    const components = reportComponentsOf(result.inventory);
    return components.length > 0 ? [{ sn: result.inventory.sn, seenAt: result.seenAt, components }] : [];
  });
  const { compliance, unknown } = await judge(context, reports, ctx);
  // Only the servers the context names: the portal would refuse the others anyway.
  const mine = reports.filter((report) => !unknown.has(report.sn));
  const changed = mine.reduce((sum, report) => sum + report.components.length, 0);
  const code = printAudit(ctx, { results, compliance, unknown, changed });
  if (unknown.size > 0) note(ctx, 'audit.someUnknown', { count: unknown.size, sns: [...unknown].join(', ') });
  await writeReadings(ctx, context, key, index.snapshot, mine);
  return code;
}
