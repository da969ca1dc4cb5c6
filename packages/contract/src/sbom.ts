import { z } from 'zod';
import { DOWNLOAD_PATH_PREFIX, downloadPathOf } from './download';

/**
 * Software bills of materials (issue 43 §1). Every firmware version may carry one SBOM:
 * CycloneDX 1.6 JSON (1.5 accepted) or SPDX 2.3 JSON, attached by staff when they publish the
 * version or later, served beside the file under the file's access rules, listed with its hash
 * in the signed manifest and in SN bundles.
 *
 * - `PUT /api/publishing/versions/:id/sbom` (multipart field `sbom`): attach or replace.
 * - `DELETE /api/publishing/versions/:id/sbom`: remove.
 * - `GET /api/downloads/:versionId/sbom`: the SBOM's bytes (same rule as the file's download).
 * - `GET /api/catalog/versions/:versionId/sbom`: its summary and components, for the version drawer.
 * - `GET /api/staff/sbom/search` (firmware:publish or advisory:write): which versions contain a
 *   component in a version range (VEX triage).
 */

/** An SBOM larger than this is refused before it is parsed. */
export const SBOM_MAX_BYTES = 20 * 1024 * 1024;
/** Components an SBOM may list (the index holds one row each). */
export const SBOM_MAX_COMPONENTS = 50_000;
/** Rows of a search answer (versions x matching components). */
export const SBOM_SEARCH_MAX_ROWS = 5_000;
/** Problems listed when an SBOM is refused; the count of the rest is named. */
export const SBOM_MAX_PROBLEMS = 50;

export const SBOM_FORMATS = ['cyclonedx', 'spdx'] as const;
export type SbomFormat = (typeof SBOM_FORMATS)[number];

export const sbomPathOf = (versionId: number) => `${downloadPathOf(versionId)}/sbom`;
export const SBOM_DOWNLOAD_PATH = `${DOWNLOAD_PATH_PREFIX}/:versionId/sbom`;

/** The file name an SBOM is served and bundled under: the firmware file's name plus the format's suffix. */
export function sbomFileName(fileName: string, format: SbomFormat): string {
  return `${fileName}.${format === 'cyclonedx' ? 'cdx' : 'spdx'}.json`;
}

/**
 * Why an SBOM is refused (each with a field path such as `components[3].supplier`); the
 * messages are in the server's catalogues under the same names, in both languages.
 */
export const SBOM_PROBLEM_CODES = [
  'SBOM_NOT_JSON',
  'SBOM_FORMAT_UNKNOWN',
  'SBOM_SPEC_VERSION',
  'SBOM_SCHEMA',
  'SBOM_SCHEMA_REQUIRED',
  'SBOM_SCHEMA_TYPE',
  'SBOM_SCHEMA_ENUM',
  'SBOM_SCHEMA_EXTRA',
  'SBOM_SCHEMA_FORMAT',
  'SBOM_CREATOR_MISSING',
  'SBOM_TIMESTAMP_MISSING',
  'SBOM_TOP_COMPONENT_MISSING',
  'SBOM_HASH_MISMATCH',
  'SBOM_NAME_MISSING',
  'SBOM_VERSION_MISSING',
  'SBOM_SUPPLIER_MISSING',
  'SBOM_LICENCE_MISSING',
  'SBOM_IDENTIFIER_MISSING',
  'SBOM_PURL_INVALID',
  'SBOM_CPE_INVALID',
  'SBOM_TOO_MANY_COMPONENTS',
  'SBOM_MORE_PROBLEMS',
] as const;
export type SbomProblemCode = (typeof SBOM_PROBLEM_CODES)[number];

/** One component of an SBOM as the portal indexes it. */
export const sbomComponentSchema = z.object({
  name: z.string(),
  version: z.string(),
  purl: z.string().nullable(),
  cpe: z.string().nullable(),
  supplier: z.string(),
  /** SPDX licence ids or expressions (a name when the SBOM gives no id). */
  licences: z.array(z.string()),
});
export type SbomComponent = z.infer<typeof sbomComponentSchema>;

/** What the portal knows of a version's SBOM. */
export const sbomSummarySchema = z.object({
  versionId: z.number().int(),
  format: z.enum(SBOM_FORMATS),
  /** '1.6', '1.5' (CycloneDX) or '2.3' (SPDX). */
  specVersion: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  components: z.number().int(),
  /** The portal wrote the file's SHA-512 into the top component (the SBOM had none). */
  sha512Filled: z.boolean(),
  /** ISO 8601. */
  attachedAt: z.string(),
});
export type SbomSummary = z.infer<typeof sbomSummarySchema>;

/** The version drawer's SBOM: its summary, the download path and every component. */
export const versionSbomSchema = z.object({
  summary: sbomSummarySchema,
  url: z.string(),
  components: z.array(sbomComponentSchema),
});
export type VersionSbom = z.infer<typeof versionSbomSchema>;

export const sbomVersionParamsSchema = z.object({
  versionId: z.coerce.number().int().min(1).max(2_147_483_647),
});

const versionBound = z.string().trim().min(1).max(64).optional();

/**
 * Which versions contain a component: exactly one of `purl` (its version, qualifiers and
 * subpath are ignored: `pkg:generic/openssl@3.0.7` finds every openssl), `cpe` (a CPE 2.3 name
 * or `vendor:product`) or `name` (case-insensitive, exact), and an optional version range of
 * the component (`gte`/`gt` below, `lte`/`lt` above), compared in the catalogue's version order
 * (versionSortKey: 3.0.7 < 3.0.8 < 3.0.8a < 3.0.10).
 */
export const sbomSearchQuerySchema = z
  .object({
    purl: z.string().trim().min(5).max(512).optional(),
    cpe: z.string().trim().min(3).max(512).optional(),
    name: z.string().trim().min(1).max(256).optional(),
    gte: versionBound,
    gt: versionBound,
    lte: versionBound,
    lt: versionBound,
    /** Also drafts and recalled versions (default: published only). */
    allStatuses: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
  })
  .refine((q) => [q.purl, q.cpe, q.name].filter((v) => v !== undefined).length === 1, {
    message: 'give exactly one of purl, cpe or name',
    path: ['purl'],
  });
export type SbomSearchQuery = z.input<typeof sbomSearchQuerySchema>;

export const sbomSearchRowSchema = z.object({
  versionId: z.number().int(),
  itemCode: z.string(),
  kind: z.string(),
  version: z.string(),
  status: z.string(),
  releaseDate: z.string(),
  component: sbomComponentSchema,
});
export type SbomSearchRow = z.infer<typeof sbomSearchRowSchema>;

export const sbomSearchResultSchema = z.object({
  rows: z.array(sbomSearchRowSchema),
  /** More rows matched than SBOM_SEARCH_MAX_ROWS: narrow the range. */
  truncated: z.boolean(),
});
export type SbomSearchResult = z.infer<typeof sbomSearchResultSchema>;
