import { CliError } from '../cli-error.ts';
import { type Context, listOption, note, positiveInteger, printJson, say, stringOption } from '../context.ts';
import { Progress } from '../download/progress.ts';
import { settleLimited } from '../lib/map-limited.ts';
import {
  downloadVersion,
  type DownloadedVersion,
  type PlannedVersion,
  planVersion,
} from '../download/version-download.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';
import { resolveFleet } from '../fleet.ts';
import { isVersionId, MAX_ID } from '../portal-api.ts';
import { openSession, signingKeyOf } from '../session.ts';
import { publicKeyOf } from '../signing-key.ts';
import { serialNumbersOf } from '../sn-input.ts';
import { formatBytes } from '../table.ts';
import { failureOf, type Failure, worstExitCode } from './failures.ts';

const DEFAULT_PARALLEL = 4;
const MAX_PARALLEL = 32;

function versionIdsOf(ctx: Context): number[] {
  return listOption(ctx, 'version-id').map((text) => {
    const id = Number(text);
    if (!isVersionId(id))
      throw new CliError(EXIT.usage, 'usage.badNumber', { option: '--version-id', max: MAX_ID });
    return id;
  });
}

/**
 * `fwportal download`: the newest firmware of the SNs (each file once) and/or the versions named,
 * in parallel and resumable, every file verified against the signed SHA256SUMS and manifest.
 */
export async function download(ctx: Context): Promise<ExitCode> {
  const out = stringOption(ctx, 'out');
  if (!out) throw new CliError(EXIT.usage, 'usage.missingOption', { option: '--out' });
  const parallel = positiveInteger(ctx, 'parallel', DEFAULT_PARALLEL, MAX_PARALLEL);
  const sns = await serialNumbersOf(ctx);
  const versionIds = versionIdsOf(ctx);
  if (sns.length === 0 && versionIds.length === 0) throw new CliError(EXIT.usage, 'usage.nothingToDownload');
  const { client, config } = await openSession(ctx);
  const key = publicKeyOf(await signingKeyOf(ctx, config));

  const servers = sns.length > 0 ? await resolveFleet(client, sns) : [];
  const notFound = servers.filter((server) => !server.found).map((server) => server.sn);
  for (const sn of notFound) note(ctx, 'resolve.snNotFound', { sn });
  const ids = [
    ...new Set([...servers.flatMap((server) => server.firmware.map((f) => f.versionId)), ...versionIds]),
  ];

  const failures: Failure[] = [];
  const planned = await settleLimited(ids, parallel, (id) => planVersion(client, key, out, id));
  const plans: PlannedVersion[] = [];
  planned.forEach((result, index) => {
    if (result.status === 'fulfilled') plans.push(result.value);
    else failures.push(failureOf(ctx, ids[index] ?? 0, result.reason));
  });

  const total = plans.reduce((sum, plan) => sum + plan.expected.size, 0);
  const progress = new Progress(ctx.stderr, total, plans.length, ctx.t);
  const started = Date.now();
  const fetched = await settleLimited(plans, parallel, (plan) =>
    downloadVersion(client, plan, progress, (file, attempt) =>
      note(ctx, 'download.retrying', { file, attempt }),
    ),
  );
  progress.finish();
  const files: DownloadedVersion[] = [];
  fetched.forEach((result, index) => {
    if (result.status === 'fulfilled') files.push(result.value);
    else failures.push(failureOf(ctx, plans[index]?.expected.versionId ?? 0, result.reason));
  });
  const seconds = (Date.now() - started) / 1000;

  if (ctx.json) printJson(ctx, { files, failed: failures, notFound });
  else {
    for (const file of files)
      say(ctx, `download.status.${file.status}`, { path: file.path, size: formatBytes(file.size) });
    say(ctx, 'download.summary', {
      count: files.length,
      bytes: formatBytes(total),
      seconds: seconds.toFixed(1),
    });
  }
  for (const failure of failures)
    note(ctx, 'download.failed', { versionId: failure.versionId, message: failure.message });
  if (failures.length > 0) return worstExitCode(failures);
  return notFound.length > 0 ? EXIT.partial : EXIT.ok;
}
