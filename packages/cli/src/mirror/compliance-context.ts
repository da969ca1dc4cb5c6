import { createHash, type KeyObject } from 'node:crypto';
import type { OfflineComplianceContext } from '@portal/contract/compliance';
import { CliError } from '../cli-error.ts';
import { refuseSymlink, replaceFile } from '../download/no-follow.ts';
import { EXIT } from '../exit-codes.ts';
import type { PortalClient } from '../portal-client.ts';
import { signatureValid } from '../signing-key.ts';
import { type MirrorFile, type MirrorIndex, onDisk, snapshotDirOf } from './mirror-layout.ts';
import { readSmallFile, SIGNATURE_MAX_BYTES } from './mirror-store.ts';

/*
 * The portal's signed compliance context (contract: compliance/offline-context.ts) rides in each
 * snapshot beside the manifest: `fwportal audit --repo` judges servers with it, offline, by the
 * portal's own rules. Its signature comes in X-Signature of the same answer and is kept as `.sig`.
 */
export const CONTEXT_FILE = 'compliance-context.json';
/** The contract's OFFLINE_CONTEXT_FORMAT and _PATH, repeated (as portal-api.ts does): compliance-context.test.ts compares them. */
export const OFFLINE_CONTEXT_FORMAT = 'portal-compliance-context/1';
export const OFFLINE_CONTEXT_PATH = '/api/fleet/compliance-context.json';
export const SIGNATURE_FILE = `${CONTEXT_FILE}.sig`;

export type SignedContext = { body: Buffer; signature: Buffer; parsed: OfflineComplianceContext };

const badContext = (file: string) =>
  new CliError(EXIT.verification, 'verify.badSignedSet', { file, reason: `${CONTEXT_FILE} signature` });

/** The document, if its signature is the pinned key's and its format ours; else a verification error. */
export function checkContext(
  body: Buffer,
  signature: Buffer,
  key: KeyObject,
  where: string,
): OfflineComplianceContext {
  if (!signatureValid(key, body, signature)) throw badContext(where);
  const parsed = JSON.parse(body.toString('utf8')) as OfflineComplianceContext;
  if (parsed.format !== OFFLINE_CONTEXT_FORMAT || !Array.isArray(parsed.servers)) throw badContext(where);
  return parsed;
}

/** From the portal; null when the token may not read it (no `inventory` scope) or the portal has none. */
export async function fetchContext(client: PortalClient, key: KeyObject): Promise<SignedContext | null> {
  const response = await client.request(OFFLINE_CONTEXT_PATH, { answers: [401, 403, 404] });
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  const body = Buffer.from(await response.arrayBuffer());
  const signature = Buffer.from(response.headers.get('x-signature') ?? '', 'base64');
  return { body, signature, parsed: checkContext(body, signature, key, CONTEXT_FILE) };
}

/** The same servers and rules' inputs (its time aside): no reason for a new snapshot. */
export function sameContext(a: OfflineComplianceContext | null, b: OfflineComplianceContext | null): boolean {
  const content = (context: OfflineComplianceContext | null) =>
    context === null ? 'none' : JSON.stringify({ ...context, generatedAt: '' });
  return content(a) === content(b);
}

export async function writeContext(dir: string, name: string, context: SignedContext): Promise<MirrorFile> {
  await replaceFile(dir, CONTEXT_FILE, context.body);
  await replaceFile(dir, SIGNATURE_FILE, context.signature);
  return {
    path: `${snapshotDirOf(name)}/${CONTEXT_FILE}`,
    size: context.body.length,
    sha256: createHash('sha256').update(context.body).digest('hex'),
  };
}

/** A snapshot's context, its signature checked against `key` and its hash against the index. */
export async function readContext(
  root: string,
  index: MirrorIndex,
  key: KeyObject,
): Promise<OfflineComplianceContext> {
  const where = `${snapshotDirOf(index.snapshot)}/${CONTEXT_FILE}`;
  if (!index.complianceContext)
    throw new CliError(EXIT.error, 'mirror.noContext', { snapshot: index.snapshot });
  const file = onDisk(root, where);
  await refuseSymlink(file);
  const body = await readSmallFile(file).catch(() => {
    throw badContext(where);
  });
  const signature = await readSmallFile(
    onDisk(root, `${snapshotDirOf(index.snapshot)}/${SIGNATURE_FILE}`),
    SIGNATURE_MAX_BYTES,
  ).catch(() => {
    throw badContext(where);
  });
  return checkIndexedContext(index, body, signature, key);
}

/** A snapshot's context as read (from a folder or a mirror URL): its hash the index's, its signature the pinned key's. */
export function checkIndexedContext(
  index: MirrorIndex,
  body: Buffer,
  signature: Buffer,
  key: KeyObject,
): OfflineComplianceContext {
  const where = `${snapshotDirOf(index.snapshot)}/${CONTEXT_FILE}`;
  if (createHash('sha256').update(body).digest('hex') !== index.complianceContext?.sha256)
    throw badContext(where);
  return checkContext(body, signature, key, where);
}
