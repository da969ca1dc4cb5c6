import { createHash, type KeyObject } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { compareVersions } from '@portal/contract/version-order';
import { BUILD } from '../build-info.ts';
import { CliError } from '../cli-error.ts';
import { type Context, note, printJson, say, stringOption } from '../context.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';
import { bodyWithin } from '../lib/body-within.ts';
import { API_PATHS } from '../portal-api.ts';
import { writeCandidate } from '../self-update/candidate-file.ts';
import { parseBuildFileName, type SeaPlatform } from '@portal/contract/cli-builds';
import { checkCandidateRuns, replaceExecutable } from '../self-update/install-candidate.ts';
import { buildsOnPortal, type OfferedBuild } from '../self-update/portal-builds.ts';
import { readSignatureBeside, type SignedSums, signedDigestOf } from '../self-update/signed-sums.ts';
import type { PortalClient } from '../portal-client.ts';
import { openSession } from '../session.ts';
import { publicKeyOf } from '../signing-key.ts';
import { formatBytes } from '../table.ts';

/** The single executable that runs: its version, target, built-in release key and real path. */
type RunningBuild = {
  version: string;
  platform: SeaPlatform;
  /** The release key built in, then the next one it announces, if any. */
  releaseKeys: KeyObject[];
  executable: string;
};

/** The SHA-256 of a carried file, for the `sha256sum` line its own `.sig` signs. */
async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

/**
 * The most a build may be (they are ~100 MB): a portal or proxy sending without end must not fill
 * the program's folder. SHA256SUMS lists a few files; a signature is 64 bytes, base64.
 */
const MAX_BUILD_BYTES = 512 * 1024 * 1024;
const MAX_SUMS_BYTES = 64 * 1024;
const MAX_SIGNATURE_BYTES = 4 * 1024;

/** The body of an answer, refused once past `limit` bytes (read no further). */
const cappedBody = (response: Response, limit: number, file: string) =>
  bodyWithin(response, limit, () => tooLarge(file, limit));

const tooLarge = (file: string, limit: number) =>
  new CliError(EXIT.verification, 'selfUpdate.tooLarge', { file, size: formatBytes(limit) });

/** A build that passed the signature and may replace the running one. */
type Accepted = { fileName: string; version: string; platform: SeaPlatform; sha256: string };

/**
 * `fwportal self-update [--from FILE]`: replaces this single executable with a newer build, from
 * the portal's catalogue (the newest for this platform) or from FILE (isolated machines: the
 * executable with its `.sig`, or the SHA256SUMS and SHA256SUMS.sig it was built with, beside it).
 * Only a build signed by the fwportal release key built into this binary (not the portal's key:
 * a portal signs whatever its staff publish), for this platform and newer than it, is installed;
 * nothing checks for updates unless this command is run.
 */
export async function selfUpdate(ctx: Context): Promise<ExitCode> {
  const ci = ctx.env.CI?.trim();
  if (ci && ci !== '0' && ci.toLowerCase() !== 'false')
    throw new CliError(EXIT.error, 'selfUpdate.inCi', { value: ci });
  if (!BUILD.platform || !BUILD.releaseKeyPem)
    throw new CliError(EXIT.error, 'selfUpdate.notSingleExecutable', { path: process.execPath });
  const running: RunningBuild = {
    version: BUILD.version,
    platform: BUILD.platform,
    releaseKeys: [BUILD.releaseKeyPem, BUILD.nextReleaseKeyPem]
      .filter((pem): pem is string => pem !== null)
      .map(publicKeyOf),
    // A link to the program is left pointing at the new file: the file itself is replaced.
    executable: await realpath(process.execPath),
  };
  const from = stringOption(ctx, 'from');
  return from === undefined ? fromPortal(ctx, running) : fromFile(ctx, running, from);
}

async function fromFile(ctx: Context, running: RunningBuild, file: string): Promise<ExitCode> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new CliError(EXIT.usage, 'usage.unreadableFile', { file });
  const signed = await readSignatureBeside(file, await sha256Of(file));
  if (!signed) throw new CliError(EXIT.verification, 'selfUpdate.unsigned', { file });
  const accepted = accept(running, signed, path.basename(file));
  if (!accepted) return upToDate(ctx, running);
  return install(ctx, running, accepted, createReadStream(file), info.size);
}

/**
 * Newer builds whose signatures a run reads at most before giving up: the walk below must not
 * let a portal make one run fetch its whole history.
 */
const MAX_BUILDS_TRIED = 10;

async function fromPortal(ctx: Context, running: RunningBuild): Promise<ExitCode> {
  const { client } = await openSession(ctx);
  const offered = await buildsOnPortal(client, running.platform);
  if (offered.length === 0)
    throw new CliError(EXIT.error, 'selfUpdate.noBuild', { platform: running.platform });
  const newer = offered.filter((build) => compareVersions(build.version, running.version) > 0);
  const newest = newer[0];
  if (!newest) return upToDate(ctx, running);
  // Newest first. After a release key change the newest builds are signed by a key that builds
  // made before its announcement do not know: such a build is passed over for the newest one this
  // build can verify (the one that announced the key), which takes the rest on its next run. Only
  // a build signed by a key built into this one is ever installed; when none is, the newest
  // build's refusal is the answer.
  let refusal: CliError | undefined;
  for (const build of newer.slice(0, MAX_BUILDS_TRIED)) {
    const accepted = await acceptFromPortal(client, running, build).catch((error: unknown) => {
      if (!(error instanceof CliError) || error.exitCode !== EXIT.verification) throw error;
      refusal ??= error;
      return null;
    });
    if (!accepted) continue;
    if (build !== newest)
      note(ctx, 'selfUpdate.steppingStone', { newest: newest.fileName, file: accepted.fileName });
    note(ctx, 'selfUpdate.downloading', { file: accepted.fileName, size: formatBytes(build.size) });
    const response = await client.request(API_PATHS.download(build.versionId));
    if (!response.body) throw new CliError(EXIT.error, 'error.http', { status: response.status });
    const source = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    return install(ctx, running, accepted, source, build.size);
  }
  throw refusal ?? new CliError(EXIT.error, 'selfUpdate.noBuild', { platform: running.platform });
}

/**
 * `build` checked against the running one by the version's SHA256SUMS and the release signature
 * it was published with: never the portal's own signature (SHA256SUMS.sig), which signs whatever
 * staff publish.
 */
async function acceptFromPortal(client: PortalClient, running: RunningBuild, build: OfferedBuild) {
  const sums = await cappedBody(
    await client.request(API_PATHS.sha256Sums(build.versionId)),
    MAX_SUMS_BYTES,
    'SHA256SUMS',
  );
  const signatureAnswer = await client.request(API_PATHS.publishedSignature(build.versionId), {
    answers: [404],
  });
  if (signatureAnswer.status === 404) {
    await signatureAnswer.body?.cancel();
    throw new CliError(EXIT.verification, 'selfUpdate.noReleaseSignature', { file: build.fileName });
  }
  const signature = await cappedBody(signatureAnswer, MAX_SIGNATURE_BYTES, `${build.fileName}.sig`);
  return accept(running, { sums, signature }, build.fileName);
}

/**
 * The signed SHA-256 of `fileName` and what its name states, checked against the running build:
 * signed by the built-in key, named as a build for this platform, newer. Null when it is this
 * very version (nothing to do); a downgrade is refused.
 */
function accept(running: RunningBuild, signed: SignedSums, fileName: string): Accepted | null {
  const sha256 = signedDigestOf(signed, running.releaseKeys, fileName);
  const named = parseBuildFileName(fileName);
  if (!named) throw new CliError(EXIT.error, 'selfUpdate.notABuild', { file: fileName });
  if (named.platform !== running.platform)
    throw new CliError(EXIT.error, 'selfUpdate.otherPlatform', {
      file: fileName,
      platform: named.platform,
      running: running.platform,
    });
  const order = compareVersions(named.version, running.version);
  if (order < 0)
    throw new CliError(EXIT.error, 'selfUpdate.older', { version: named.version, running: running.version });
  return order === 0 ? null : { fileName, sha256, ...named };
}

/** Installs `source`, which says it holds `size` bytes (the portal's word, or the file's): no more is written. */
async function install(
  ctx: Context,
  running: RunningBuild,
  accepted: Accepted,
  source: Readable,
  size: number,
): Promise<ExitCode> {
  const mode = (await stat(running.executable)).mode & 0o777;
  const limit = Math.min(size, MAX_BUILD_BYTES);
  const candidate = await writeCandidate(
    path.dirname(running.executable),
    source,
    mode,
    { bytes: limit, tooLarge: () => tooLarge(accepted.fileName, limit) },
    path.extname(running.executable),
  );
  try {
    if (candidate.sha256 !== accepted.sha256)
      throw new CliError(EXIT.verification, 'selfUpdate.tampered', { file: accepted.fileName });
    await checkCandidateRuns(candidate, accepted);
    await replaceExecutable(running.executable, candidate);
  } catch (error) {
    await candidate.discard();
    throw error;
  }
  const done = { from: running.version, to: accepted.version, path: running.executable };
  if (ctx.json) printJson(ctx, { updated: true, ...done });
  else say(ctx, 'selfUpdate.done', done);
  return EXIT.ok;
}

function upToDate(ctx: Context, running: RunningBuild): ExitCode {
  const result = { updated: false, from: running.version, to: running.version, path: running.executable };
  if (ctx.json) printJson(ctx, result);
  else say(ctx, 'selfUpdate.upToDate', { running: running.version, platform: running.platform });
  return EXIT.ok;
}
