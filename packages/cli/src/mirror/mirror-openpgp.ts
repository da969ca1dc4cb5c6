import type { KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { signatureValid } from '../signing-key.ts';
import { type MirrorAdvisory, type MirrorFile, type MirrorIndex, onDisk } from './mirror-layout.ts';
import type { Problem } from './mirror-verify.ts';

/*
 * The advisories' own proof, offline: each CSAF document's OpenPGP detached signature (`.asc`)
 * checked against the portal's CSAF OpenPGP key, and that key itself proven first by the
 * portal's Ed25519 signature of its bytes (kept beside it) with the key pinned at login. The
 * index carries no signature, so without this whoever can write the mirror could replace a
 * document and its hash in index.json together; with it, they would need the portal's keys.
 */

type KeyGroup = { key: MirrorFile | null; proof: MirrorFile | null; advisories: Map<string, MirrorAdvisory> };

/** openpgp (about 1 MB of JavaScript) is loaded only where there are advisories to check. */
const loadOpenPgp = () => import('openpgp');

/**
 * Problems with the advisories of `indexes`, each document named; files in `failed` (already
 * reported: missing, a link, another size or hash) are not read again.
 */
export async function advisorySignatureProblems(
  root: string,
  indexes: MirrorIndex[],
  pinned: KeyObject,
  failed: ReadonlySet<string>,
): Promise<Problem[]> {
  const groups = new Map<string, KeyGroup>();
  for (const index of indexes) {
    if (index.advisories.length === 0) continue;
    const key = index.openPgpKey ?? null;
    const proof = index.openPgpKeySignature ?? null;
    const id = `${key?.path ?? ''}\n${proof?.path ?? ''}`;
    const group = groups.get(id) ?? { key, proof, advisories: new Map() };
    groups.set(id, group);
    for (const advisory of index.advisories)
      group.advisories.set(`${advisory.document.path}\n${advisory.signature.path}`, advisory);
  }
  const problems: Problem[] = [];
  for (const group of groups.values()) problems.push(...(await groupProblems(root, group, pinned, failed)));
  return problems;
}

async function groupProblems(
  root: string,
  { key, proof, advisories }: KeyGroup,
  pinned: KeyObject,
  failed: ReadonlySet<string>,
): Promise<Problem[]> {
  const unproven = (): Problem[] =>
    [...advisories.values()].map((advisory) => ({ path: advisory.document.path, reason: 'openPgpUnproven' }));
  if (!key || !proof) return unproven();
  // Its own failure (missing, changed) is reported already; the documents cannot be proven without it.
  if (failed.has(key.path) || failed.has(proof.path)) return [];
  const armored = await readFile(onDisk(root, key.path));
  if (!signatureValid(pinned, armored, await readFile(onDisk(root, proof.path))))
    return [{ path: key.path, reason: 'badSignature' }, ...unproven()];
  const proves = await openPgpProver(armored);
  if (!proves) return [{ path: key.path, reason: 'badSignature' }, ...unproven()];
  const problems: Problem[] = [];
  for (const advisory of advisories.values()) {
    const { document, signature } = advisory;
    if (failed.has(document.path) || failed.has(signature.path)) continue;
    const valid = await proves(
      await readFile(onDisk(root, document.path)),
      await readFile(onDisk(root, signature.path)),
    );
    if (!valid)
      problems.push({
        path: document.path,
        reason: 'openPgpSignature',
        detail: signature.path.split('/').at(-1) ?? '',
      });
  }
  return problems;
}

/** Whether a document's armored detached signature was made by the key a prover was built with. */
export type OpenPgpProof = (document: Buffer, armoredSignature: Buffer) => Promise<boolean>;

/**
 * A check of documents against the CSAF OpenPGP key `armoredKey`, or null when the key cannot be
 * read. One check for `mirror sync` (each advisory as it comes) and `mirror verify` (offline).
 */
export async function openPgpProver(armoredKey: Buffer): Promise<OpenPgpProof | null> {
  const openpgp = await loadOpenPgp();
  const verificationKeys = await openpgp
    .readKey({ armoredKey: armoredKey.toString('utf8') })
    .catch(() => null);
  if (!verificationKeys) return null;
  return async (document, armoredSignature) => {
    try {
      // expectSigned: no valid signature by this very key throws (another key's, a broken one, none).
      await openpgp.verify({
        message: await openpgp.createMessage({ binary: new Uint8Array(document) }),
        signature: await openpgp.readSignature({ armoredSignature: armoredSignature.toString('utf8') }),
        verificationKeys,
        expectSigned: true,
        format: 'binary',
      });
      return true;
    } catch {
      return false;
    }
  };
}
