import { z } from 'zod';
import { MAX_IDS_PER_QUERY, MAX_SN_RESULTS_SHOWN } from './limits';
import { pageOf, pageQuerySchema } from './paging';
import {
  PUBLISH_ITEM_KINDS,
  PUBLISH_SEVERITIES,
  PUBLISH_VERSION_STATUSES,
  versionUpdateNeedsFields,
} from './publishing';

/**
 * Customer-facing catalogue (spec sections 1-3): browse, search, version detail,
 * PCIe lookup, public overseas lists and the requested-tool link.
 * Signed-in routes live under /api/catalog, the overseas lists under /api/public/catalog.
 */

export const CATALOG_KINDS = PUBLISH_ITEM_KINDS;
export type CatalogKind = (typeof CATALOG_KINDS)[number];
export { SERVER_FIRMWARE_KINDS } from './compliance/vocabulary';
export const CATALOG_SORT_FIELDS = ['releaseDate', 'version', 'name', 'downloads', 'size'] as const;
export type CatalogSortField = (typeof CATALOG_SORT_FIELDS)[number];
export const CATALOG_SEARCH_MAX_LENGTH = 100;
/** Structured release-note kinds: '1' NEW, '2' OPTIMIZE, '3' HOTFIX. */
export const RELEASE_NOTE_KIND_CODES = { NEW: '1', OPTIMIZE: '2', HOTFIX: '3' } as const;

/** PCIe lookup: typed queries take at most 10 values (spec section 9). */
export const PCIE_LOOKUP_MAX_VALUES = MAX_IDS_PER_QUERY;
/**
 * A .txt upload may carry more values than a typed query (that is what the
 * 100-SN display cap is for); the bound keeps the export URL under Node's
 * 16 KiB request-line limit.
 */
export const PCIE_UPLOAD_MAX_VALUES = 500;
export const PCIE_UPLOAD_MAX_BYTES = 1024 * 1024;
/** Longest `values` text accepted (500 values of up to 64 characters and their separators). */
export const PCIE_VALUES_MAX_CHARS = PCIE_UPLOAD_MAX_VALUES * 66;
export const PCIE_UPLOAD_EXTENSIONS = ['.txt'] as const;
/** Only the first 100 SNs of a result are shown; `truncated` says more exist. */
export const PCIE_MAX_SN_RESULTS_SHOWN = MAX_SN_RESULTS_SHOWN;
/** A configuration set larger than this is offered for download only, not parsed for viewing. */
export const CATALOG_CONFIG_VIEW_MAX_BYTES = 1024 * 1024;

/** Accepts `a,b` as well as repeated `?k=a&k=b` query parameters. */
function listParam<T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null) return undefined;
      const parts = (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(','));
      return parts.map((s) => s.trim()).filter(Boolean);
    },
    z.array(z.enum(values)).max(values.length),
  );
}

const booleanParam = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);

/** GET /api/catalog/models: every server model with its family, name in the reader's language. */
export const catalogModelSchema = z.object({
  code: z.string(),
  family: z.string(),
  name: z.string(),
});
export type CatalogModel = z.infer<typeof catalogModelSchema>;
/**
 * The models list also gives each model's id (what advisories name a model by) and its end of
 * security support, month and year (`2031-12`; null: not announced yet; CRA Art. 13(19)).
 */
export const catalogModelListSchema = z.array(
  catalogModelSchema.extend({
    id: z.number().int(),
    securitySupportEnd: z.string().nullable().default(null),
  }),
);

/**
 * GET /api/catalog/versions and GET /api/public/catalog/versions.
 * `status` is honoured for publishers only; everyone else sees published versions.
 * `model` is a model code ('M7-2U') or a family ('M7'); `latest=true` keeps the newest
 * visible version of each item (by release date, then id).
 */
export const catalogVersionQuerySchema = pageQuerySchema.extend({
  kind: listParam(CATALOG_KINDS).optional(),
  section: z.string().trim().max(32).optional(),
  /** One item's versions (history pages), by item code. */
  item: z.string().trim().max(64).optional(),
  model: z.string().trim().max(64).optional(),
  /** PCIe part number. */
  part: z.string().trim().max(64).optional(),
  os: z.string().trim().max(64).optional(),
  arch: z.string().trim().max(32).optional(),
  severity: listParam(PUBLISH_SEVERITIES).optional(),
  status: listParam(PUBLISH_VERSION_STATUSES).optional(),
  latest: booleanParam.optional(),
  /** Item name (zh/en), version, file name or CVE id; case-insensitive substring. */
  q: z.string().trim().max(CATALOG_SEARCH_MAX_LENGTH).optional(),
  sortField: z.enum(CATALOG_SORT_FIELDS).default('releaseDate'),
  /** Defaults to 'descend' ('ascend' for name). */
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type CatalogVersionQuery = z.input<typeof catalogVersionQuerySchema>;
export type CatalogVersionFilters = z.output<typeof catalogVersionQuerySchema>;

/** One row of the firmware/software tables. */
export const catalogVersionRowSchema = z.object({
  versionId: z.number().int(),
  itemCode: z.string(),
  /** In the reader's language. */
  itemName: z.string(),
  kind: z.string(),
  section: z.string(),
  version: z.string(),
  status: z.enum(PUBLISH_VERSION_STATUSES),
  releaseDate: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  fileCategory: z.string(),
  os: z.string(),
  arch: z.string(),
  severity: z.string(),
  cves: z.array(z.string()),
  securityFix: z.boolean(),
  /** Pre-release / early access: never picked as "the newest" unless asked for. */
  preRelease: z.boolean(),
  sha256: z.string(),
  md5: z.string(),
  downloadCount: z.number().int(),
  /** Model codes this version supports (server firmware, configuration sets). */
  models: z.array(z.string()),
  /** PCIe part numbers this version supports. */
  parts: z.array(z.string()),
  // Defaults: answers cached or recorded before these existed still read.
  rebootRequired: versionUpdateNeedsFields.rebootRequired.default(false),
  prerequisites: versionUpdateNeedsFields.prerequisites.default([]),
});
export type CatalogVersionRow = z.infer<typeof catalogVersionRowSchema>;
export const catalogVersionPageSchema = pageOf(catalogVersionRowSchema);

/** Structured release notes in the reader's language. */
export const catalogNotesSchema = z.object({
  new: z.array(z.string()),
  optimize: z.array(z.string()),
  hotfix: z.array(z.string()),
});
export type CatalogNotes = z.infer<typeof catalogNotesSchema>;

export const catalogItemSummarySchema = z.object({
  code: z.string(),
  kind: z.string(),
  section: z.string(),
  name: z.string(),
  description: z.string(),
  visibility: z.enum(['public', 'signed_in', 'restricted']),
});
export type CatalogItemSummary = z.infer<typeof catalogItemSummarySchema>;

/** A version with its notes (item history entries). */
export const catalogVersionWithNotesSchema = catalogVersionRowSchema.extend({ notes: catalogNotesSchema });
export type CatalogVersionWithNotes = z.infer<typeof catalogVersionWithNotesSchema>;

/** GET /api/catalog/items/:code: the item and every version the reader may see, newest first. */
export const catalogItemParamsSchema = z.object({ code: z.string().trim().min(1).max(64) });
export const catalogItemDetailSchema = catalogItemSummarySchema.extend({
  versions: z.array(catalogVersionWithNotesSchema),
});
export type CatalogItemDetail = z.infer<typeof catalogItemDetailSchema>;

/** GET /api/catalog/versions/:id (and /config). */
export const catalogVersionParamsSchema = z.object({ id: z.coerce.number().int().min(1) });
export const catalogOtherVersionSchema = z.object({
  versionId: z.number().int(),
  version: z.string(),
  status: z.enum(PUBLISH_VERSION_STATUSES),
  releaseDate: z.string(),
  severity: z.string(),
});
export type CatalogOtherVersion = z.infer<typeof catalogOtherVersionSchema>;
export const catalogVersionDetailSchema = catalogVersionWithNotesSchema.extend({
  item: catalogItemSummarySchema,
  /** Sanitised rich-text notes in the reader's language ('' when none). */
  notesHtml: z.string(),
  compatibility: z.object({ models: z.array(catalogModelSchema), parts: z.array(z.string()) }),
  /** The item's other visible versions, newest first. */
  otherVersions: z.array(catalogOtherVersionSchema),
  publishTime: z.string().nullable(),
  recallTime: z.string().nullable(),
  recallReason: z.string().nullable(),
});
export type CatalogVersionDetail = z.infer<typeof catalogVersionDetailSchema>;

/** GET /api/catalog/versions/:id/config: a CONFIG item's JSON, parsed for viewing. */
export const catalogConfigSchema = z.object({
  versionId: z.number().int(),
  itemCode: z.string(),
  version: z.string(),
  fileName: z.string(),
  config: z.unknown(),
});
export type CatalogConfig = z.infer<typeof catalogConfigSchema>;

/** GET /api/catalog/tools/:code: the stored requestTool value resolved to its newest visible version. */
export const catalogToolParamsSchema = z.object({ code: z.string().trim().min(1).max(64) });
export const catalogToolSchema = z.object({
  item: catalogItemSummarySchema,
  latest: catalogVersionRowSchema,
});
export type CatalogTool = z.infer<typeof catalogToolSchema>;

/** PCIe lookup by serial number or part number. */
export const PCIE_LOOKUP_BY = ['sn', 'pn'] as const;
export type PcieLookupBy = (typeof PCIE_LOOKUP_BY)[number];

/** POST /api/catalog/pcie/lookup: `values` comma separated (also newlines), at most 10. */
export const pcieLookupBodySchema = z.object({
  by: z.enum(PCIE_LOOKUP_BY),
  values: z.string().max(PCIE_VALUES_MAX_CHARS),
});
export type PcieLookupBody = z.infer<typeof pcieLookupBodySchema>;
/** POST /api/catalog/pcie/lookup/upload?by=sn|pn, multipart field `file` (.txt, one value per line or comma separated). */
export const pcieUploadQuerySchema = z.object({ by: z.enum(PCIE_LOOKUP_BY) });
/** GET /api/catalog/pcie/lookup/export?by&values: CSV (UTF-8 with BOM) of the same result. */
export const pcieExportQuerySchema = pcieLookupBodySchema;

export const pciePartResultSchema = z.object({
  pn: z.string(),
  /** Visible published PCIe firmware versions for this PN, newest first. */
  versions: z.array(catalogVersionRowSchema),
});
export type PciePartResult = z.infer<typeof pciePartResultSchema>;

export const pcieSerialResultSchema = z.object({
  sn: z.string(),
  found: z.boolean(),
  model: z.string().nullable(),
  modelName: z.string().nullable(),
  /** PCIe cards installed at shipping, with their firmware. */
  parts: z.array(pciePartResultSchema),
});
export type PcieSerialResult = z.infer<typeof pcieSerialResultSchema>;

export const pcieLookupResultSchema = z.object({
  by: z.enum(PCIE_LOOKUP_BY),
  /** Distinct values asked for (duplicates removed, upper-cased). */
  values: z.array(z.string()),
  /** by 'sn': the first 100 SNs only. */
  serials: z.array(pcieSerialResultSchema),
  /** by 'pn': one entry per PN asked for. */
  parts: z.array(pciePartResultSchema),
  /** True when more SNs were asked for than are shown. */
  truncated: z.boolean(),
  totalSerials: z.number().int(),
});
export type PcieLookupResult = z.infer<typeof pcieLookupResultSchema>;
