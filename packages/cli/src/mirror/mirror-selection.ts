import type { KeyObject } from 'node:crypto';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import { resolveFleet } from '../fleet.ts';
import {
  API_PATHS,
  type CatalogVersionRow,
  isVersionId,
  MANIFEST_FILE_NAME,
  MANIFEST_FORMAT,
  MAX_PAGE_SIZE,
  type Page,
  SIGNATURE_SUFFIX,
  type SignedManifest,
} from '../portal-api.ts';
import type { PortalClient } from '../portal-client.ts';
import { isSafeFileName } from '../download/signed-set.ts';
import { signatureValid } from '../signing-key.ts';
import { isSha256 } from './mirror-layout.ts';

/** The manifest of every version I may see, and its detached signature, byte for byte as served. */
export type SignedCatalogue = { manifest: Buffer; signature: Buffer; parsed: SignedManifest };
export type ManifestEntry = SignedManifest['entries'][number];

const ALL_VERSIONS_MANIFEST = `/api/downloads/${MANIFEST_FILE_NAME}`;

const badManifest = (reason: string) =>
  new CliError(EXIT.verification, 'verify.badSignedSet', { file: MANIFEST_FILE_NAME, reason });

/**
 * Checks the catalogue manifest against the pinned key and refuses any entry whose fields could
 * name a path (the pool path is built from the SHA-256 and file name) or a URL (the version id).
 */
export function checkSignedCatalogue(manifest: Buffer, signature: Buffer, key: KeyObject): SignedManifest {
  if (!signatureValid(key, manifest, signature)) throw badManifest('manifest.json signature');
  let parsed: SignedManifest;
  try {
    parsed = JSON.parse(manifest.toString('utf8')) as SignedManifest;
  } catch {
    throw badManifest('manifest.json format');
  }
  if (parsed.format !== MANIFEST_FORMAT || !Array.isArray(parsed.entries))
    throw badManifest('manifest.json format');
  for (const entry of parsed.entries)
    if (
      !isVersionId(entry.versionId) ||
      !isSha256(entry.sha256) ||
      !isSafeFileName(entry.fileName) ||
      !Number.isSafeInteger(entry.size) ||
      entry.size < 0 ||
      (entry.sbom !== undefined &&
        (!isSha256(entry.sbom.sha256) ||
          !isSafeFileName(entry.sbom.fileName) ||
          !Number.isSafeInteger(entry.sbom.size) ||
          entry.sbom.size < 0))
    )
      throw badManifest(`manifest.json entry ${String(entry.versionId)}`);
  return parsed;
}

/**
 * The signed manifest of everything I may see, in one round trip: the portal sends the signature
 * of the very bytes in X-Signature. From a portal that does not, the `.sig` is fetched after it;
 * the manifest is built without a clock, so the two match unless a publish fell between them:
 * then both are fetched once more.
 */
export async function fetchSignedCatalogue(client: PortalClient, key: KeyObject): Promise<SignedCatalogue> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await client.request(ALL_VERSIONS_MANIFEST);
    const manifest = Buffer.from(await response.arrayBuffer());
    const header = Buffer.from(response.headers.get('x-signature') ?? '', 'base64');
    const signature =
      header.length > 0 ? header : await client.bytes(`${ALL_VERSIONS_MANIFEST}${SIGNATURE_SUFFIX}`);
    try {
      return { manifest, signature, parsed: checkSignedCatalogue(manifest, signature, key) };
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
}

export type MirrorFilter = { models: string[]; kinds: string[]; sns: string[] };

/** Version ids of the catalogue rows supporting `model` (paged, the portal's own filter). */
async function versionIdsOfModel(client: PortalClient, model: string): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await client.json<Page<CatalogVersionRow>>(API_PATHS.catalogVersions, {
      query: { model, pageNo, pageSize: MAX_PAGE_SIZE, sortField: 'releaseDate' },
    });
    for (const row of page.rows) if (row.models.includes(model)) ids.add(row.versionId);
    if (page.rows.length < MAX_PAGE_SIZE || pageNo * MAX_PAGE_SIZE >= page.totalRows) return ids;
  }
}

export type Selection = { entries: ManifestEntry[]; notFound: string[]; serverCount: number };

/**
 * What the mirror holds: without a filter, every version of the signed manifest (all I am
 * entitled to); with --models or --sn-file, the versions supporting those models plus every
 * version of the items the servers resolve to (their PCIe cards too); --kinds narrows either.
 * Entries only ever come from the signed manifest: a filter can take away, never add.
 */
export async function selectEntries(
  client: PortalClient,
  catalogue: SignedManifest,
  filter: MirrorFilter,
): Promise<Selection> {
  const models = new Set(filter.models);
  const items = new Set<string>();
  const servers = filter.sns.length > 0 ? await resolveFleet(client, filter.sns) : [];
  for (const server of servers.filter((s) => s.found)) {
    models.add(server.model);
    for (const firmware of server.firmware) items.add(firmware.item);
  }
  const notFound = servers.filter((server) => !server.found).map((server) => server.sn);
  const byModel = new Set<number>();
  for (const model of models) for (const id of await versionIdsOfModel(client, model)) byModel.add(id);
  const narrowed = models.size > 0 || filter.sns.length > 0;
  const kinds = new Set(filter.kinds.map((kind) => kind.toUpperCase()));
  const entries = catalogue.entries.filter(
    (entry) =>
      (!narrowed || byModel.has(entry.versionId) || items.has(entry.itemCode)) &&
      (kinds.size === 0 || kinds.has(entry.kind.toUpperCase())),
  );
  return { entries, notFound, serverCount: servers.length };
}
