import type { FileStore } from '../../lib/file-store/file-store';

/** A raw Ed25519 signature: what a `<build>.sig` of `npm run build:cli-binaries` holds. */
export const PUBLISHED_SIGNATURE_BYTES = 64;

/** The store's folder of published signatures. */
export const RELEASE_SIGNATURES_PREFIX = 'release-signatures/';

/**
 * Where the store keeps the signature a version was published with (a fwportal build's `.sig`,
 * made with the CLI release key, which the portal never holds). The key names the version: the
 * orphan sweep removes a signature whose version no longer exists (signatureVersionId).
 */
export const publishedSignatureKey = (versionId: number): string =>
  `${RELEASE_SIGNATURES_PREFIX}${versionId}.sig`;

/** The version a published signature's key names, or null for any other key (or an id no row can have). */
export function signatureVersionId(key: string): number | null {
  const match = /^release-signatures\/(\d{1,10})\.sig$/.exec(key);
  const id = match?.[1] ? Number(match[1]) : null;
  // catalog_versions.id is an integer: a larger number in a key must not reach the query.
  return id !== null && id <= 2_147_483_647 ? id : null;
}

/**
 * The signature published with a version, as published, or null when it has none. The portal
 * only relays it: whoever checks it (fwportal self-update) checks it against its own key.
 */
export async function readPublishedSignature(store: FileStore, versionId: number): Promise<Buffer | null> {
  if (!(await store.stat(publishedSignatureKey(versionId)))) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of (await store.open(publishedSignatureKey(versionId))) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > PUBLISHED_SIGNATURE_BYTES) return null;
    chunks.push(chunk);
  }
  return size === PUBLISHED_SIGNATURE_BYTES ? Buffer.concat(chunks) : null;
}
