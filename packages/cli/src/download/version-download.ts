import type { KeyObject } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import { isVersionId, MAX_ID } from '../portal-api.ts';
import type { PortalClient } from '../portal-client.ts';
import { PortalTransportError } from '../portal-fetch.ts';
import { sha256OfFile, sizeOf } from './file-hash.ts';
import { PART_SUFFIX, transferFile } from './file-transfer.ts';
import { makeOwnDir, refuseSymlink } from './no-follow.ts';
import type { Progress } from './progress.ts';
import { downloadSbom } from './sbom-download.ts';
import {
  checkSignedSet,
  type ExpectedFile,
  fetchSignedSet,
  type SignedSet,
  SIGNED_SET_FILES,
  writeSignedSet,
} from './signed-set.ts';

/** A dropped connection is resumed from the `.part` this many times before the file fails. */
export const TRANSFER_ATTEMPTS = 3;

export type PlannedVersion = { expected: ExpectedFile; set: SignedSet; dir: string };
export type DownloadedVersion = ExpectedFile & {
  path: string;
  /** 'present': already there and verified; 'resumed': continued from an earlier run's `.part`. */
  status: 'downloaded' | 'resumed' | 'present';
  resumedFrom: number;
  /** Where the version's SBOM was saved (checked against the signed manifest); null: it has none. */
  sbomPath: string | null;
};

/** Step 1: the version's signed files, checked against the pinned key before any byte of the file is fetched. */
export async function planVersion(
  client: PortalClient,
  key: KeyObject,
  outDir: string,
  versionId: number,
): Promise<PlannedVersion> {
  // The id names a URL path and the folder `<out>/<versionId>`: it may come from the portal's answer.
  if (!isVersionId(versionId)) throw new CliError(EXIT.error, 'error.badVersionId', { max: MAX_ID });
  const set = await fetchSignedSet(client, versionId);
  const expected = checkSignedSet(set, key, String(versionId));
  if (expected.versionId !== versionId)
    throw new CliError(EXIT.verification, 'verify.badSignedSet', {
      file: String(versionId),
      reason: 'manifest.json versionId',
    });
  return { expected, set, dir: path.join(outDir, String(versionId)) };
}

/**
 * Step 2: the file, into `<out>/<versionId>/<file name>` next to its signed SHA256SUMS and
 * manifest (kept for `fwportal verify`). A file already there and matching is not fetched again.
 */
export async function downloadVersion(
  client: PortalClient,
  plan: PlannedVersion,
  progress: Progress,
  onRetry: (file: string, attempt: number) => void,
): Promise<DownloadedVersion> {
  const { expected, dir } = plan;
  const target = path.join(dir, expected.fileName);
  // Every path this version will read or write, checked before the first byte is fetched.
  await makeOwnDir(dir);
  for (const name of [
    expected.fileName,
    `${expected.fileName}${PART_SUFFIX}`,
    ...Object.values(SIGNED_SET_FILES),
    ...(expected.sbom ? [expected.sbom.fileName] : []),
  ])
    await refuseSymlink(path.join(dir, name));
  let counted = 0;
  const onBytes = (count: number) => {
    counted += count;
    progress.add(count);
  };
  let status: DownloadedVersion['status'] = 'present';
  let resumedFrom = 0;
  const present =
    (await sizeOf(target)) === expected.size && (await sha256OfFile(target, onBytes)) === expected.sha256;
  if (!present) {
    progress.add(-counted);
    counted = 0;
    await rm(target, { force: true });
    for (let attempt = 1; ; attempt += 1) {
      try {
        ({ resumedFrom } = await transferFile(client, expected, dir, onBytes));
        status = resumedFrom > 0 ? 'resumed' : 'downloaded';
        break;
      } catch (error) {
        // Refusals and mismatches are final; a broken connection or a stalled body is resumed from the part.
        const resumable =
          !(error instanceof CliError) || (error instanceof PortalTransportError && error.transient);
        if (!resumable || attempt >= TRANSFER_ATTEMPTS) throw error;
        progress.add(-counted);
        counted = 0;
        onRetry(expected.fileName, attempt);
      }
    }
  }
  const sbomPath = await downloadSbom(client, expected, dir);
  await writeSignedSet(dir, plan.set);
  progress.fileDone();
  return { ...expected, path: target, status, resumedFrom, sbomPath };
}
