import { CliError } from '../cli-error.ts';
import { readConfig } from '../config-store.ts';
import { type Context, listOption, note, positiveInteger, printJson, say, stringOption } from '../context.ts';
import { Progress } from '../download/progress.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';
import { isSnapshotName } from '../mirror/mirror-layout.ts';
import { pruneMirror } from '../mirror/mirror-prune.ts';
import { syncMirror } from '../mirror/mirror-sync.ts';
import { verifyMirror } from '../mirror/mirror-verify.ts';
import { PortalTransportError } from '../portal-fetch.ts';
import { openSession, signingKeyOf } from '../session.ts';
import { publicKeyOf } from '../signing-key.ts';
import { serialNumbersOf } from '../sn-input.ts';
import { formatBytes } from '../table.ts';
import { failureOf, worstExitCode } from './failures.ts';
import { withSubcommands } from './subcommands.ts';
import { formatDateTime } from '../date-time.ts';

const MAX_PARALLEL = 32;
/**
 * Files fetched at once by `mirror sync` (`download` takes 4). A mirror fetches dozens to thousands
 * of files from one portal, and each costs the portal a few queries before its first byte: with 4
 * at once the client's main thread sat mostly idle and the portal's was busy about 70% of the
 * time. With 8 the first mirror of the bench went from a median of 0.95x `wget`'s throughput to
 * 1.00x on the same machine (bench/README.md, "Mirror", 2026-12-06 fifth session).
 */
export const MIRROR_DEFAULT_PARALLEL = 8;
const MAX_KEEP = 10_000;

function snapshotOption(ctx: Context): string | undefined {
  const name = stringOption(ctx, 'snapshot');
  if (name !== undefined && !isSnapshotName(name)) throw new CliError(EXIT.usage, 'mirror.badSnapshotName');
  return name;
}

function directoryArgument(ctx: Context): string {
  const dir = ctx.positionals[1];
  if (!dir) throw new CliError(EXIT.usage, 'usage.missingArgument', { argument: 'DIR' });
  return dir;
}

/** `fwportal mirror sync --out DIR`: what I am entitled to, into a snapshot of a static repository. */
async function sync(ctx: Context): Promise<ExitCode> {
  const root = stringOption(ctx, 'out');
  if (!root) throw new CliError(EXIT.usage, 'usage.missingOption', { option: '--out' });
  const parallel = positiveInteger(ctx, 'parallel', MIRROR_DEFAULT_PARALLEL, MAX_PARALLEL);
  const snapshot = snapshotOption(ctx);
  const filter = {
    models: listOption(ctx, 'models'),
    kinds: listOption(ctx, 'kinds'),
    sns: await serialNumbersOf(ctx),
  };
  const { client, config } = await openSession(ctx);
  const key = publicKeyOf(await signingKeyOf(ctx, config));
  const started = Date.now();
  const result = await syncMirror(client, key, {
    root,
    filter,
    parallel,
    snapshot,
    progressOf: (bytes, files) => new Progress(ctx.stderr, bytes, files, ctx.t),
    onRetry: (file, attempt) => note(ctx, 'download.retrying', { file, attempt }),
    formatDate: (iso) => formatDateTime(iso, ctx.locale),
  }).catch((error: unknown) => {
    // The portal went away: say that nothing is lost before saying why.
    if (error instanceof PortalTransportError) note(ctx, 'mirror.interrupted');
    throw error;
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  for (const sn of result.notFound) note(ctx, 'resolve.snNotFound', { sn });
  const failed = result.failed.map((failure) => ({
    ...failureOf(ctx, failure.versionId, failure.error),
    fileName: failure.fileName,
  }));
  if (ctx.json) printJson(ctx, { ...result, failed, seconds: Number(seconds) });
  else {
    const counts = { files: result.files, bytes: formatBytes(result.bytes), advisories: result.advisories };
    if (failed.length === 0)
      say(ctx, result.created ? 'mirror.created' : 'mirror.unchanged', {
        snapshot: result.snapshot ?? '',
        ...counts,
      });
    say(ctx, 'mirror.fetched', {
      fetched: result.fetched,
      fetchedBytes: formatBytes(result.fetchedBytes),
      seconds,
    });
  }
  for (const failure of failed)
    note(ctx, 'mirror.failed', {
      file: failure.fileName,
      versionId: failure.versionId,
      message: failure.message,
    });
  if (failed.length > 0) {
    note(ctx, 'mirror.incomplete', { count: failed.length });
    return worstExitCode(failed);
  }
  return result.notFound.length > 0 ? EXIT.partial : EXIT.ok;
}

/** `fwportal mirror verify DIR`: offline, against the key pinned at login (or --key). */
async function verify(ctx: Context): Promise<ExitCode> {
  const root = directoryArgument(ctx);
  const key = publicKeyOf(await signingKeyOf(ctx, await readConfig(ctx.configDir)));
  const result = await verifyMirror(root, key, snapshotOption(ctx));
  if (result.snapshots.length === 0) throw new CliError(EXIT.error, 'mirror.nothing', { dir: root });
  const problems = result.problems.map((problem) => ({
    path: problem.path,
    reason: ctx.t(`mirror.problem.${problem.reason}`, { detail: problem.detail ?? '' }),
  }));
  if (ctx.json) printJson(ctx, { ...result, problems });
  else if (problems.length === 0)
    say(ctx, 'mirror.verified', {
      snapshots: result.snapshots.length,
      files: result.files,
      bytes: formatBytes(result.bytes),
    });
  else {
    for (const problem of problems) say(ctx, 'mirror.verifyFailed', problem);
    say(ctx, 'mirror.verifyFailedCount', { count: problems.length, files: result.files });
  }
  return problems.length > 0 ? EXIT.verification : EXIT.ok;
}

/** `fwportal mirror prune DIR --keep N`: old snapshots and the files only they named go. */
async function prune(ctx: Context): Promise<ExitCode> {
  const root = directoryArgument(ctx);
  if (stringOption(ctx, 'keep') === undefined)
    throw new CliError(EXIT.usage, 'usage.missingOption', { option: '--keep' });
  const keep = positiveInteger(ctx, 'keep', 1, MAX_KEEP);
  const result = await pruneMirror(root, keep);
  if (ctx.json) printJson(ctx, result);
  else
    say(ctx, 'mirror.pruned', {
      kept: result.kept.length,
      removed: result.removedSnapshots.length,
      files: result.removedFiles,
    });
  return EXIT.ok;
}

export const MIRROR_SUBCOMMANDS = { sync, verify, prune } as const;

export const mirror = withSubcommands(MIRROR_SUBCOMMANDS, 'usage.mirrorSubcommand');
