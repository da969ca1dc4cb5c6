import type { FileStore } from '../../lib/file-store/file-store';

/** A raw Ed25519 signature: what a `<build>.sig` of `npm run build:cli-binaries` holds. */
export const PUBLISHED_SIGNATURE_BYTES = 64;

/**
 * Where the store keeps the signature a version was published with (a fwportal build's `.sig`,
 * made with the CLI release key, which the portal never holds). Outside the prefixes the orphan
 * sweep walks: the key names the version, not a stored file.
 */
export const publishedSignatureKey = (versionId: number): string => `release-signatures/${versionId}.sig`;

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
