import type { ComponentCompliance, FleetServerDetail } from '@portal/contract';
import { CliError } from '../cli-error.ts';
import { type Context, printJson } from '../context.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';
import type { MessageKey } from '../i18n.ts';
import { withBmc } from '../redfish/client.ts';
import { RedfishError } from '../redfish/redfish-error.ts';
import {
  type AuditedComponent,
  type BmcInventory,
  readInventory,
  reportComponentsOf,
} from '../redfish/inventory.ts';
import type { softwareIdsOf } from '../redfish/portal-inventory.ts';
import { formatTable } from '../table.ts';

/*
 * What `fwportal audit` does the same way online (audit.ts) and from a mirror (audit-offline.ts):
 * reading one BMC, printing one server's compliance, the exit code, the JSON of an inventory entry.
 */

/** A BMC read, or why it could not be. */
export type BmcResult =
  | { address: string; ok: true; inventory: BmcInventory & { sn: string }; seenAt: string }
  | { address: string; ok: false; failure: string; message: string };

/** Retries of a reset BMC during an audit: shorter than an update's, an audit has nothing in flight. */
const AUDIT_RESET_WAIT_MS = 60_000;
/**
 * One BMC's whole audit, at most: a real one takes seconds to a minute; a BMC answering each of
 * its requests just inside the timeout would otherwise hold its place in the pool for hours.
 */
const AUDIT_BMC_DEADLINE_MS = 10 * 60_000;

export async function auditOne(
  ctx: Context,
  connection: Parameters<typeof withBmc>[0],
  softwareIds: Awaited<ReturnType<typeof softwareIdsOf>>,
): Promise<BmcResult> {
  const { address } = connection;
  try {
    const deadlineMs = Math.max(AUDIT_BMC_DEADLINE_MS, 10 * connection.timeoutMs);
    const inventory = await withBmc(
      { ...connection, resetWaitMs: AUDIT_RESET_WAIT_MS, deadlineMs },
      (client) => readInventory(client, softwareIds),
    );
    const seenAt = new Date().toISOString();
    if (!inventory.sn)
      return { address, ok: false, failure: 'noSerial', message: ctx.t('audit.noSerial', { address }) };
    return { address, ok: true, inventory: { ...inventory, sn: inventory.sn }, seenAt };
  } catch (error) {
    if (error instanceof RedfishError)
      return { address, ok: false, failure: error.failure, message: ctx.t(error.key, error.params) };
    if (error instanceof CliError) throw error;
    return {
      address,
      ok: false,
      failure: 'answer',
      message: ctx.t('audit.unexpected', { address, message: (error as Error).message }),
    };
  }
}

const stateKey = (state: string) => `audit.state.${state}` as MessageKey;
const unmappedKey = (reason: string) => `audit.unmapped.${reason}` as MessageKey;

/** The CVEs affecting the component; for one under investigation, those still being investigated. */
function cvesOf(component: ComponentCompliance): string {
  // An older portal sends no `investigating`.
  const advisories = component.advisories.length > 0 ? component.advisories : (component.investigating ?? []);
  const cves = [...new Set(advisories.flatMap((advisory) => advisory.cves))];
  return cves.length > 0 ? cves.join(', ') : '-';
}

/** Behind its target: outdated, or under investigation too (the update is still there to make). */
const isBehind = (component: Pick<ComponentCompliance, 'state' | 'behind'>) =>
  (component.state === 'outdated' || component.state === 'under_investigation') && component.behind > 0;

export function printServer(
  ctx: Context,
  result: BmcResult & { ok: true },
  detail: FleetServerDetail | undefined,
  unknown: boolean,
) {
  const { inventory, address } = result;
  if (!unknown && !detail && reportComponentsOf(inventory).length === 0) {
    ctx.stdout.write(`${ctx.t('audit.nothingMapped', { sn: inventory.sn, address })}\n`);
  } else if (unknown || !detail) {
    ctx.stdout.write(`${ctx.t('audit.serverUnknown', { sn: inventory.sn, address })}\n`);
  }
  if (unknown || !detail) {
    printUnmapped(ctx, inventory);
    ctx.stdout.write('\n');
    return;
  }
  ctx.stdout.write(
    `${ctx.t('audit.serverLine', { sn: detail.sn, model: detail.model, address, state: ctx.t(stateKey(detail.state)) })}\n`,
  );
  const header = ['component', 'installed', 'target', 'state', 'cves'].map((column) =>
    ctx.t(`audit.column.${column}` as MessageKey),
  );
  const rows = detail.components.map((component) => [
    component.component,
    component.installed ?? '-',
    component.target?.version ?? '-',
    isBehind(component)
      ? ctx.t('audit.behind', { state: ctx.t(stateKey(component.state)), count: component.behind })
      : ctx.t(stateKey(component.state)),
    cvesOf(component),
  ]);
  ctx.stdout.write(formatTable(header, rows));
  printUnmapped(ctx, inventory);
  ctx.stdout.write('\n');
}

function printUnmapped(ctx: Context, inventory: BmcInventory) {
  for (const component of inventory.components)
    if (component.unmapped)
      ctx.stdout.write(
        `${ctx.t('audit.unmappedLine', {
          name: component.name,
          version: component.version ?? '-',
          reason: ctx.t(unmappedKey(component.unmapped)),
        })}\n`,
      );
}

/**
 * Worst first: a vulnerable component, then a BMC not read, then an outdated one (or one under
 * investigation and behind its target: it was outdated before that state existed, and scripts
 * updating on 6 must still see it), then one under investigation, then a foreign SN.
 */
export function auditExitCode(
  failedBmcs: number,
  details: Pick<FleetServerDetail, 'components'>[],
  unknown: string[],
): ExitCode {
  const components = details.flatMap((detail) => detail.components);
  const states = new Set(components.map((component) => component.state));
  if (states.has('vulnerable')) return EXIT.vulnerable;
  if (failedBmcs > 0) return EXIT.unreachable;
  if (states.has('outdated') || components.some(isBehind)) return EXIT.outdated;
  if (states.has('under_investigation')) return EXIT.underInvestigation;
  if (unknown.length > 0) return EXIT.partial;
  return EXIT.ok;
}

export const jsonComponent = (component: AuditedComponent) => ({
  id: component.id,
  name: component.name,
  version: component.version,
  kind: component.kind,
  pn: component.pn ?? null,
  slot: component.slot ?? null,
  mappedBy: component.mappedBy,
  unmapped: component.unmapped ?? null,
});

/** What an audit learnt: every BMC's outcome, the compliance of the servers judged, the SNs not mine. */
export type AuditOutcome = {
  results: BmcResult[];
  compliance: Map<string, FleetServerDetail>;
  unknown: Set<string>;
  /** Components whose reading changed (online: the portal's count; offline: every one read). */
  changed: number;
};

/** Prints the servers and the summary (or the JSON document); answers the exit code. */
export function printAudit(ctx: Context, outcome: AuditOutcome): ExitCode {
  const { results, compliance, unknown } = outcome;
  const read = results.filter((result): result is BmcResult & { ok: true } => result.ok);
  const failed = results.filter((result): result is BmcResult & { ok: false } => !result.ok);
  const code = auditExitCode(failed.length, [...compliance.values()], [...unknown]);

  if (ctx.json) {
    printJson(ctx, {
      servers: read.map((result) => ({
        address: result.address,
        sn: result.inventory.sn,
        model: compliance.get(result.inventory.sn)?.model ?? result.inventory.model,
        reported: compliance.has(result.inventory.sn),
        state: compliance.get(result.inventory.sn)?.state ?? null,
        compliance: compliance.get(result.inventory.sn)?.components ?? [],
        inventory: result.inventory.components.map(jsonComponent),
      })),
      unreachable: failed.map(({ address, failure, message }) => ({ address, failure, message })),
      unknown: [...unknown],
      changed: outcome.changed,
      exitCode: code,
    });
  } else {
    for (const result of read)
      printServer(ctx, result, compliance.get(result.inventory.sn), unknown.has(result.inventory.sn));
    const states = [...compliance.values()].map((detail) => detail.state);
    ctx.stdout.write(
      `${ctx.t('audit.summary', {
        bmcs: results.length,
        read: read.length,
        failed: failed.length,
        current: states.filter((state) => state === 'current' || state === 'newer').length,
        outdated: states.filter((state) => state === 'outdated').length,
        vulnerable: states.filter((state) => state === 'vulnerable').length,
        underInvestigation: states.filter((state) => state === 'under_investigation').length,
        unsupported: states.filter((state) => state === 'unsupported').length,
        unknown: unknown.size + states.filter((state) => state === 'unknown').length,
      })}\n`,
    );
  }
  return code;
}
