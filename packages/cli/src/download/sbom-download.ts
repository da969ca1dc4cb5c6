import { createHash } from 'node:crypto';
import path from 'node:path';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import { API_PATHS } from '../portal-api.ts';
import type { PortalClient } from '../portal-client.ts';
import { sha256OfFile, sizeOf } from './file-hash.ts';
import { replaceFile } from './no-follow.ts';
import type { ExpectedFile } from './signed-set.ts';

/**
 * The version's SBOM (issue 43), beside its file, when the signed manifest lists one: fetched
 * whole (at most 20 MB), kept only when its size and SHA-256 are the signed ones. One already
 * there and matching is not fetched again. Answers its path, or null when the version has none.
 */
export async function downloadSbom(
  client: PortalClient,
  expected: ExpectedFile,
  dir: string,
): Promise<string | null> {
  const { sbom } = expected;
  if (!sbom) return null;
  const target = path.join(dir, sbom.fileName);
  if ((await sizeOf(target)) === sbom.size && (await sha256OfFile(target, () => undefined)) === sbom.sha256)
    return target;
  const bytes = await client.bytes(API_PATHS.sbom(expected.versionId));
  if (bytes.length !== sbom.size || createHash('sha256').update(bytes).digest('hex') !== sbom.sha256)
    throw new CliError(EXIT.verification, 'download.sbomMismatch', { file: sbom.fileName });
  await replaceFile(dir, sbom.fileName, bytes);
  return target;
}
