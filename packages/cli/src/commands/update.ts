import type { InventoryReportResult } from '@portal/contract';
import { CliError } from '../cli-error.ts';
import { type Context, listOption, note, positiveInteger, printJson, say, stringOption } from '../context.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';
import type { MessageKey } from '../i18n.ts';
import { ImageServer, IMAGE_LINK_TTL_MS } from '../redfish/image-server.ts';
import { type ServerResult, type StepResult, updateServer } from '../redfish/server-update.ts';
import { mapLimited } from '../lib/map-limited.ts';
import { bmcConnectionsOf } from '../redfish/targets.ts';
import { APPLY_TIMES, type ApplyTime } from '../redfish/update.ts';
import { UpdateProgress } from '../redfish/update-progress.ts';
import { formatBytes, formatTable } from '../table.ts';
import { afterReadings, mirrorSource, portalSource } from './update-sources.ts';

/** A task is waited for this long by default (BMC images flash in minutes; BIOS with a reboot, more). */
export const DEFAULT_TASK_TIMEOUT_SECONDS = 1800;
const MAX_TASK_TIMEOUT_SECONDS = 24 * 3600;

const FAILED = new Set(['failed', 'rejected', 'busy', 'timedOut', 'unreachable', 'notSent']);
const PENDING = new Set(['unconfirmed', 'pendingActivation', 'skipped']);
/** Held for a prerequisite: waits for another run; a component the BMC does not offer never will. */
const isPending = (step: StepResult) =>
  PENDING.has(step.status) || (step.status === 'held' && step.hold?.reason === 'prerequisite');

function applyTimeOf(ctx: Context): ApplyTime {
  const value = stringOption(ctx, 'apply-time') ?? 'Immediate';
  const found = APPLY_TIMES.find((time) => time.toLowerCase() === value.toLowerCase());
  if (!found) throw new CliError(EXIT.usage, 'usage.badApplyTime', { value });
  return found;
}

function detailOf(ctx: Context, step: StepResult, taskCapSeconds: number): string {
  // The BMC's own words where something did not go as planned; a confirmed step needs none.
  const quiet = step.status === 'updated' || step.status === 'pendingActivation';
  const messages = !quiet && step.messages?.length ? `: ${step.messages.join('; ')}` : '';
  const resets = step.resets ? ctx.t('update.detail.resets', { count: step.resets }) : '';
  switch (step.status) {
    case 'held':
      if (step.hold?.reason === 'prerequisite')
        return ctx.t('update.hold.prerequisite', {
          component: step.hold.component,
          minVersion: step.hold.minVersion,
          installed: step.hold.installed ?? '-',
        });
      return ctx.t(
        step.hold?.reason === 'notUpdateable' ? 'update.hold.notUpdateable' : 'update.hold.notOnBmc',
      );
    case 'timedOut':
      return (
        ctx.t('update.detail.timedOut', {
          seconds: taskCapSeconds,
          percent: step.percent ?? 0,
        }) + resets
      );
    case 'notSent':
      return ctx.t(step.notSent ? `update.notSent.${step.notSent}` : 'update.detail.notSent') + messages;
    case 'planned':
      return step.rebootRequired ? ctx.t('update.detail.reboot') : '';
    default:
      return ctx.t(`update.detail.${step.status}` as MessageKey) + messages + resets;
  }
}

function print(ctx: Context, results: ServerResult[], taskCapSeconds: number): void {
  const header = ['sn', 'component', 'from', 'to', 'result', 'detail'].map((column) =>
    ctx.t(`update.column.${column}` as MessageKey),
  );
  const rows: string[][] = [];
  for (const result of results) {
    const sn = result.sn ?? result.bmc;
    if (result.outcome !== 'done') {
      rows.push([sn, '-', '-', '-', ctx.t(`update.server.${result.outcome}`), result.message ?? result.bmc]);
      continue;
    }
    if (result.steps.length === 0) rows.push([sn, '-', '-', '-', ctx.t('update.server.nothingDue'), '']);
    for (const step of result.steps)
      rows.push([
        sn,
        step.component,
        step.from,
        step.to,
        ctx.t(`update.status.${step.status}` as MessageKey),
        detailOf(ctx, step, taskCapSeconds),
      ]);
  }
  ctx.stdout.write(formatTable(header, rows));
}

function exitCodeOf(results: ServerResult[]): ExitCode {
  const steps = results.flatMap((result) => result.steps);
  if (steps.some((step) => step.status === 'notSent' && step.verification)) return EXIT.verification;
  if (steps.some((step) => FAILED.has(step.status))) return EXIT.updateFailed;
  if (results.some((result) => result.outcome === 'unreachable' || result.outcome === 'noSerial'))
    return EXIT.unreachable;
  if (results.some((result) => result.outcome === 'portalError')) return EXIT.error;
  if (results.some((result) => result.outcome === 'notFound')) return EXIT.partial;
  if (steps.some(isPending)) return EXIT.updatePending;
  return EXIT.ok;
}

/**
 * `fwportal update`: for each BMC, what it runs, what the portal says is due, each due file
 * fetched once and verified against the signed manifest, handed to the BMC in install order,
 * its task followed to the end; then every BMC is read again and reported to the portal.
 */
export async function update(ctx: Context): Promise<ExitCode> {
  const dryRun = ctx.values['dry-run'] === true;
  if (!dryRun && ctx.values.yes !== true) throw new CliError(EXIT.usage, 'usage.updateNeedsYes');
  const applyTime = applyTimeOf(ctx);
  const wanted = listOption(ctx, 'components').map((name) => name.toUpperCase());
  const taskCapSeconds = positiveInteger(
    ctx,
    'task-timeout',
    DEFAULT_TASK_TIMEOUT_SECONDS,
    MAX_TASK_TIMEOUT_SECONDS,
  );
  const serveAddress = stringOption(ctx, 'serve-address');
  const { connections, concurrency } = await bmcConnectionsOf(ctx);
  const repo = stringOption(ctx, 'repo');
  const source = repo !== undefined ? await mirrorSource(ctx, repo) : await portalSource(ctx);

  const imageServer = !dryRun && serveAddress ? await ImageServer.start(serveAddress) : null;
  if (imageServer)
    note(ctx, 'update.serving', { address: imageServer.address, minutes: IMAGE_LINK_TTL_MS / 60_000 });
  const progress = new UpdateProgress(ctx.stderr, connections.length, ctx.t);
  const started = Date.now();
  let results: ServerResult[];
  try {
    results = await mapLimited(connections, concurrency, async (connection) => {
      const result = await updateServer(
        // A BMC that restarts mid-task is waited for by the task monitor (which counts and
        // reports the restarts) and before the audit after the run, not inside each read.
        { ...connection, resetWaitMs: 0 },
        {
          detailOf: source.detailOf,
          softwareIds: source.softwareIds,
          files: source.files,
          imageServer,
          wanted,
          applyTime,
          dryRun,
          taskCapMs: taskCapSeconds * 1000,
          messageOf: (error) => ctx.t(error.key, error.params),
          onBytes: (count) => progress.bytes(count),
          onProgress: (percent) => progress.task(connection.address, percent),
        },
      );
      progress.serverDone(connection.address);
      return result;
    });
  } finally {
    progress.finish();
    await imageServer?.close();
    await source.close();
  }
  const seconds = (Date.now() - started) / 1000;

  let reported: InventoryReportResult | null = null;
  let reportError: string | null = null;
  if (!dryRun)
    reported = await source.report(afterReadings(results)).catch((error: unknown) => {
      reportError = error instanceof CliError ? ctx.t(error.key, error.params) : String(error);
      return null;
    });

  const steps = results.flatMap((result) => result.steps);
  const count = (statuses: string[]) => steps.filter((step) => statuses.includes(step.status)).length;
  const summary = {
    servers: results.length,
    planned: count(['planned']),
    updated: count(['updated']),
    pending: count(['unconfirmed', 'pendingActivation']),
    held: count(['held']),
    failed: steps.filter((step) => FAILED.has(step.status)).length,
    skipped: count(['skipped']),
    bytesSent: progress.bytesSent,
    bytesFetched: source.fetched(),
    seconds,
  };
  if (ctx.json) printJson(ctx, { dryRun, applyTime, servers: results, reported, summary });
  else {
    print(ctx, results, taskCapSeconds);
    if (dryRun)
      say(ctx, 'update.dryRunSummary', {
        servers: summary.servers,
        steps: summary.planned,
        held: summary.held,
      });
    else
      say(ctx, 'update.summary', {
        servers: summary.servers,
        updated: summary.updated,
        pending: summary.pending,
        failed: summary.failed + summary.skipped + summary.held,
        bytes: formatBytes(summary.bytesSent),
        seconds: seconds.toFixed(1),
      });
  }
  if (reported) note(ctx, 'update.reported', { count: reported.accepted });
  if (reportError) note(ctx, 'update.reportFailed', { message: reportError });
  const code = exitCodeOf(results);
  return code === EXIT.ok && reportError ? EXIT.error : code;
}
