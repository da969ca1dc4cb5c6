import type { KeyObject } from 'node:crypto';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import type { PortalClient } from '../portal-client.ts';
import { signatureValid } from '../signing-key.ts';
import type { MirrorAdvisory, MirrorFile } from './mirror-layout.ts';
import { type OpenPgpProof, openPgpProver } from './mirror-openpgp.ts';
import { poolHas, storeBytes } from './mirror-pool.ts';

/*
 * The portal's CSAF 2.0 distribution (docs/AUTOMATION.md, "Security advisories as CSAF 2.0"):
 * per TLP label a changes.csv of every document the reader may read with its last change, each
 * document with its OpenPGP detached signature `.asc` beside it, the key in provider-metadata.
 */
const CSAF_ROOT = '/.well-known/csaf';
export const CSAF_LABELS = ['white', 'green', 'amber'] as const;
/** `<year>/<tracking id>.json`, as the portal names them: nothing that could climb out of a folder. */
const CSAF_PATH = /^[0-9]{4}\/[a-z0-9][a-z0-9._+-]{0,127}\.json$/;
const CHANGES_LINE = /^"([^"]+)","([^"]+)"$/;
const FINGERPRINT = /^[0-9A-F]{40}$/;

export type CsafResult = {
  advisories: MirrorAdvisory[];
  openPgpKey: MirrorFile | null;
  /** The portal's Ed25519 signature of the key (pinned key), kept beside it as `<fingerprint>.asc.sig`. */
  openPgpKeySignature: MirrorFile | null;
  fetchedBytes: number;
};

/** The lines of changes.csv we can use; a malformed or unsafe line is skipped, never followed. */
export function parseChanges(text: string): { csafPath: string; changed: string }[] {
  return text
    .split('\n')
    .map((line) => CHANGES_LINE.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null && CSAF_PATH.test(match[1] ?? ''))
    .map((match) => ({ csafPath: match[1] ?? '', changed: match[2] ?? '' }));
}

/** A label the token may not read (GREEN and AMBER need `catalog:read`) is left out, not an error. */
async function readable(client: PortalClient, path: string): Promise<Buffer | null> {
  return (await readableAnswer(client, path))?.body ?? null;
}

async function readableAnswer(
  client: PortalClient,
  path: string,
): Promise<{ body: Buffer; headers: Headers } | null> {
  const response = await client.request(path, { answers: [401, 403, 404] });
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  return { body: Buffer.from(await response.arrayBuffer()), headers: response.headers };
}

/**
 * Every advisory I may read, with its signature, into the pool. One that the previous snapshot
 * holds with the same change time (and whose files are still there) is taken from it unfetched,
 * so a run with nothing new costs three small listings.
 */
export async function mirrorAdvisories(
  client: PortalClient,
  root: string,
  previous: MirrorAdvisory[],
  key: KeyObject,
): Promise<CsafResult> {
  const known = new Map(previous.map((advisory) => [`${advisory.label}/${advisory.csafPath}`, advisory]));
  // The key first: each advisory fetched is proven by it before it enters the pool, so a document
  // changed on its way (a proxy, plain HTTP) fails the sync instead of waiting for `mirror verify`.
  const { armoredKey, ...keyFiles } = await mirrorOpenPgpKey(client, root, key);
  let proves: Promise<OpenPgpProof | null> | undefined;
  const advisories: MirrorAdvisory[] = [];
  let fetchedBytes = 0;
  for (const label of CSAF_LABELS) {
    const changes = await readable(client, `${CSAF_ROOT}/${label}/changes.csv`);
    if (!changes) continue;
    for (const { csafPath, changed } of parseChanges(changes.toString('utf8'))) {
      const before = known.get(`${label}/${csafPath}`);
      if (
        before?.changed === changed &&
        (await poolHas(root, before.document)) &&
        (await poolHas(root, before.signature))
      ) {
        advisories.push(before);
        continue;
      }
      const name = csafPath.split('/').at(-1) ?? '';
      const url = `${CSAF_ROOT}/${label}/${csafPath}`;
      const [document, signature] = await Promise.all([client.bytes(url), client.bytes(`${url}.asc`)]);
      fetchedBytes += document.length + signature.length;
      // openpgp (about 1 MB of JavaScript) is loaded only when an advisory is new; without a key
      // the portal publishes, the advisories stay unproven (`mirror verify` says so).
      proves ??= armoredKey ? openPgpProver(armoredKey) : Promise.resolve(null);
      const proof = await proves;
      if (armoredKey && !(proof && (await proof(document, signature))))
        throw new CliError(EXIT.verification, 'mirror.badAdvisory', { file: `${label}/${csafPath}` });
      advisories.push({
        label,
        csafPath,
        changed,
        document: await storeBytes(root, document, name),
        signature: await storeBytes(root, signature, `${name}.asc`),
      });
    }
  }
  return { advisories, ...keyFiles, fetchedBytes };
}

/** The key's files in the pool, and its bytes to prove the advisories with. */
type OpenPgpKeyFiles = Pick<CsafResult, 'openPgpKey' | 'openPgpKeySignature'> & { armoredKey: Buffer | null };
const NO_KEY: OpenPgpKeyFiles = { openPgpKey: null, openPgpKeySignature: null, armoredKey: null };

/**
 * The key CSAF consumers check the `.asc` files with (`gpg --verify`), from provider-metadata,
 * with the portal's Ed25519 signature of it (X-Signature), checked here against the pinned key:
 * whoever stands between the portal and us cannot slip in a key of theirs. A portal that does not
 * sign it yet leaves it unproven (no `.sig`): `mirror verify` then says the advisories are unproven.
 */
async function mirrorOpenPgpKey(
  client: PortalClient,
  root: string,
  pinned: KeyObject,
): Promise<OpenPgpKeyFiles> {
  const metadata = await readable(client, `${CSAF_ROOT}/provider-metadata.json`);
  if (!metadata) return NO_KEY;
  const keys = (
    JSON.parse(metadata.toString('utf8')) as { public_openpgp_keys?: { fingerprint?: unknown }[] }
  ).public_openpgp_keys;
  const fingerprint = keys?.[0]?.fingerprint;
  if (typeof fingerprint !== 'string' || !FINGERPRINT.test(fingerprint.toUpperCase())) return NO_KEY;
  const name = `${fingerprint.toUpperCase()}.asc`;
  const answer = await readableAnswer(client, `${CSAF_ROOT}/openpgp/${name}`);
  if (!answer) return NO_KEY;
  const signature = Buffer.from(answer.headers.get('x-signature') ?? '', 'base64');
  const signed = signature.length > 0;
  if (signed && !signatureValid(pinned, answer.body, signature))
    throw new CliError(EXIT.verification, 'verify.badSignedSet', { file: name, reason: `${name} signature` });
  return {
    openPgpKey: await storeBytes(root, answer.body, name),
    openPgpKeySignature: signed ? await storeBytes(root, signature, `${name}.sig`) : null,
    armoredKey: answer.body,
  };
}
