import { z } from 'zod';
import { FIRST_PAGE, DEFAULT_PAGE_SIZE } from './limits';
import { MAX_PAGE_SIZE, pageOf } from './paging';

/**
 * Downloads (spec sections 1, 5, 8): the file of one version, its checksums,
 * signed manifests and the reader's download records.
 *
 * - `GET|HEAD /api/downloads/:versionId`: the bytes (Range, If-Range, ETag = the
 *   quoted SHA-256); anonymous for public items, else `Authorization: Bearer`.
 *   With object storage the answer is a 302 to a short-lived presigned URL.
 * - `GET /api/downloads/:versionId/SHA256SUMS` (and `.sig`): `<sha256>  <file name>`.
 * - `GET /api/downloads/manifest.json` / `:versionId/manifest.json` (and `.sig`):
 *   {@link signedManifestSchema}, signed with Ed25519; the raw 64-byte signature of the
 *   exact body bytes is the `.sig` answer and the `X-Signature` header (base64).
 * - `GET /api/catalog/signing-key.pem`: the public key (SPKI PEM).
 * - `GET /api/sysUser/downloadRecords`: the reader's records, newest first.
 */

export const DOWNLOAD_PATH_PREFIX = '/api/downloads';
export const SIGNING_KEY_PATH = '/api/catalog/signing-key.pem';
export const MANIFEST_FILE_NAME = 'manifest.json';
export const SHA256SUMS_FILE_NAME = 'SHA256SUMS';
/** Header carrying the base64 Ed25519 signature of a manifest or SHA256SUMS body. */
export const SIGNATURE_HEADER = 'x-signature';
/** Header naming the key that signed (first 16 hex digits of the SHA-256 of the public key's DER). */
export const SIGNING_KEY_ID_HEADER = 'x-signing-key-id';

/** Path of a version's file, relative to the portal's origin. */
export const downloadPathOf = (versionId: number) => `${DOWNLOAD_PATH_PREFIX}/${versionId}`;
export const sha256SumsPathOf = (versionId: number) => `${downloadPathOf(versionId)}/${SHA256SUMS_FILE_NAME}`;
export const manifestPathOf = (versionId?: number) =>
  versionId === undefined
    ? `${DOWNLOAD_PATH_PREFIX}/${MANIFEST_FILE_NAME}`
    : `${downloadPathOf(versionId)}/${MANIFEST_FILE_NAME}`;

export const downloadParamsSchema = z.object({
  versionId: z.coerce.number().int().min(1).max(2_147_483_647),
});
export type DownloadParams = z.infer<typeof downloadParamsSchema>;

/**
 * A download ticket: `url` is the link to hand to the browser (relative to the portal), valid
 * until `expiresAt` for me only; the session token never appears in a URL.
 */
export const downloadTicketSchema = z.object({
  url: z.string(),
  ticket: z.string(),
  expiresAt: z.string(),
});
export type DownloadTicket = z.infer<typeof downloadTicketSchema>;

/**
 * 'complete': the client received every byte asked for; 'partial': it stopped early;
 * 'redirect': sent to object storage with a presigned URL (bytes not seen by the portal).
 */
export const DOWNLOAD_RECORD_STATUSES = ['complete', 'partial', 'redirect'] as const;
export type DownloadRecordStatus = (typeof DOWNLOAD_RECORD_STATUSES)[number];

/** GET /api/sysUser/downloadRecords?pageNo&pageSize (page size 10 by default). */
export const downloadRecordQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(FIRST_PAGE),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type DownloadRecordQuery = z.input<typeof downloadRecordQuerySchema>;

/** One row of the personal center's Download records tab ("content, time"). */
export const downloadRecordSchema = z.object({
  id: z.number().int(),
  versionId: z.number().int(),
  itemCode: z.string(),
  /** The item's name in the reader's language. */
  itemName: z.string(),
  version: z.string(),
  fileName: z.string(),
  /** Bytes sent in this request (a resumed download is several records). */
  bytes: z.number().int(),
  /** The Range answered ('' for the whole file). */
  range: z.string(),
  status: z.enum(DOWNLOAD_RECORD_STATUSES),
  ip: z.string().nullable(),
  /** ISO 8601. */
  createTime: z.string(),
});
export type DownloadRecord = z.infer<typeof downloadRecordSchema>;
export const downloadRecordPageSchema = pageOf(downloadRecordSchema);
export type DownloadRecordPage = z.infer<typeof downloadRecordPageSchema>;

export const MANIFEST_FORMAT = 'portal-manifest/1';

/** A version's SBOM as its manifest entry lists it (issue 43): absolute URL, like the file's. */
export const manifestSbomSchema = z.object({
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  url: z.string(),
});
export type ManifestSbom = z.infer<typeof manifestSbomSchema>;

/** One file of a signed manifest; `url` is absolute (PUBLIC_URL + download path). */
export const manifestEntrySchema = z.object({
  versionId: z.number().int(),
  itemCode: z.string(),
  kind: z.string(),
  version: z.string(),
  releaseDate: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  md5: z.string().regex(/^[0-9a-f]{32}$/),
  url: z.string(),
  /** Only when the version has an SBOM (clients of portal-manifest/1 may ignore it). */
  sbom: manifestSbomSchema.optional(),
});
export type ManifestEntry = z.infer<typeof manifestEntrySchema>;

/**
 * The signed body. Deterministic for a given catalogue state (entries ordered by
 * versionId, no clock), so the manifest and its detached signature fetched one
 * after the other belong together.
 */
export const signedManifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  keyId: z.string(),
  /** The portal's public address the URLs are built from. */
  origin: z.string(),
  entries: z.array(manifestEntrySchema),
});
export type SignedManifest = z.infer<typeof signedManifestSchema>;
