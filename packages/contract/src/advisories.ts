import { z } from 'zod';
import { trimmedText } from './text-field';
import { ADVISORY_SEVERITIES } from './compliance/vocabulary';
import { pageOf, pageQuerySchema } from './paging';
import { CVE_LOOKUP_STATUSES, VEX_JUSTIFICATIONS, VEX_STATUSES, vexStatusOf } from './vex';

/**
 * Security advisories (issue 33). Staff write a working copy; a second staff member approves
 * it; the approval freezes the copy into a numbered revision that becomes visible at its
 * embargo time (`visibleFrom`) and not a moment before. Customers and the CSAF distribution
 * only ever read revisions whose time has come.
 */

/** Traffic Light Protocol labels an advisory may carry (CSAF 2.0 uses TLP v1 names). */
export const ADVISORY_TLPS = ['WHITE', 'GREEN', 'AMBER'] as const;
export type AdvisoryTlp = (typeof ADVISORY_TLPS)[number];
export { ADVISORY_SEVERITIES, type AdvisorySeverity } from './compliance/vocabulary';
/**
 * The working copy's state: `draft` (being written), `in_review` (waiting for a second person),
 * `approved` (frozen into a revision; that revision may still be under embargo).
 */
export const ADVISORY_STATUSES = ['draft', 'in_review', 'approved'] as const;
export type AdvisoryStatus = (typeof ADVISORY_STATUSES)[number];
/** What a customer's list may be sorted by. */
export const ADVISORY_SORT_FIELDS = ['published', 'updated', 'score'] as const;

export const ADVISORY_PERMISSIONS = {
  /** Create and edit drafts, submit them for review, read every advisory in any state. */
  write: 'advisory:write',
  /** Approve or reject another person's advisory (never one's own). */
  approve: 'advisory:approve',
} as const;

export const ADVISORY_LIMITS = {
  title: 200,
  summary: 4000,
  text: 8000,
  vulnerabilities: 50,
  affected: 200,
  fixedVersions: 100,
  references: 30,
  acknowledgments: 30,
  revisionSummary: 500,
  cvssVector: 200,
  cweName: 200,
  /** A part number, and a version an affected range starts or ends at. */
  version: 64,
  url: 2000,
  referenceSummary: 300,
  /** An acknowledged person's name, and their organisation. */
  name: 200,
  /** Why a product is not affected (VEX impact statement), per language. */
  impact: 1000,
} as const;

export const CVE_PATTERN = /^CVE-\d{4}-\d{4,}$/;
export const CWE_PATTERN = /^CWE-[1-9]\d*$/;
/** `<PREFIX>-YYYY-NNNN`: the prefix comes from ADVISORY_ID_PREFIX. */
export const ADVISORY_ID_PATTERN = /^[A-Z][A-Z0-9]{1,15}-\d{4}-\d{4,}$/;

const required = (max: number) => z.string().trim().min(1).max(max);

export const advisoryVulnerabilityInputSchema = z.object({
  cve: z.string().trim().toUpperCase().regex(CVE_PATTERN),
  /** CWE id (CWE-787) and its name, both or neither. */
  cweId: z.string().trim().toUpperCase().regex(CWE_PATTERN).nullable().default(null),
  cweName: trimmedText(ADVISORY_LIMITS.cweName).default(''),
  /** Required: the base score is computed from it on the server, never typed. */
  cvss31Vector: required(ADVISORY_LIMITS.cvssVector),
  /** Kept and shown beside v3.1; CSAF 2.0 carries v3.1 only. */
  cvss40Vector: trimmedText(ADVISORY_LIMITS.cvssVector).nullable().default(null),
  descriptionZh: trimmedText(ADVISORY_LIMITS.text).default(''),
  descriptionEn: trimmedText(ADVISORY_LIMITS.text).default(''),
});
export type AdvisoryVulnerabilityInput = z.infer<typeof advisoryVulnerabilityInputSchema>;

/**
 * One product the advisory speaks of: a server model or a PCIe part number, one firmware kind, a
 * range of versions in the portal's version order and what is true of them (VEX, issue 43 §2):
 * - `known_affected`: from `affectedFrom` (inclusive; null = every earlier version) up to but not
 *   including `fixedIn`, the version that fixes it (required);
 * - `known_not_affected` (with a CSAF justification flag and an impact statement),
 *   `under_investigation`, `fixed`: from `affectedFrom` up to but not including `fixedIn` (here
 *   only the end of the range; null = every later version).
 * Rows written before issue 43 have no status: they are `known_affected`.
 */
export const advisoryAffectedInputSchema = z
  .object({
    modelId: z.number().int().min(1).nullable().default(null),
    pn: trimmedText(ADVISORY_LIMITS.version).toUpperCase().nullable().default(null),
    kind: required(16),
    /** Absent: `known_affected` (vexStatusOf), as every row written before issue 43. */
    status: z.enum(VEX_STATUSES).optional(),
    affectedFrom: trimmedText(ADVISORY_LIMITS.version).nullable().default(null),
    fixedIn: trimmedText(ADVISORY_LIMITS.version).nullable().default(null),
    justification: z.enum(VEX_JUSTIFICATIONS).nullable().optional(),
    impactZh: trimmedText(ADVISORY_LIMITS.impact).optional(),
    impactEn: trimmedText(ADVISORY_LIMITS.impact).optional(),
  })
  .refine((row) => (row.modelId === null) !== (row.pn === null), { message: 'FIELD_INVALID' })
  .refine((row) => vexStatusOf(row) !== 'known_affected' || Boolean(row.fixedIn), {
    message: 'FIELD_REQUIRED',
    path: ['fixedIn'],
  })
  .refine((row) => row.status !== 'known_not_affected' || Boolean(row.justification), {
    message: 'FIELD_REQUIRED',
    path: ['justification'],
  })
  .refine((row) => row.status !== 'known_not_affected' || Boolean(row.impactEn || row.impactZh), {
    message: 'FIELD_REQUIRED',
    path: ['impactEn'],
  });
export type AdvisoryAffectedInput = z.infer<typeof advisoryAffectedInputSchema>;

export const advisoryReferenceSchema = z.object({
  url: z.url({ protocol: /^https?$/ }).max(ADVISORY_LIMITS.url),
  summaryZh: trimmedText(ADVISORY_LIMITS.referenceSummary).default(''),
  summaryEn: trimmedText(ADVISORY_LIMITS.referenceSummary).default(''),
});
export const advisoryAcknowledgmentSchema = z.object({
  name: required(ADVISORY_LIMITS.name),
  organization: trimmedText(ADVISORY_LIMITS.name).default(''),
});

/** What staff write. */
export const advisoryInputSchema = z.object({
  tlp: z.enum(ADVISORY_TLPS),
  titleZh: required(ADVISORY_LIMITS.title),
  titleEn: required(ADVISORY_LIMITS.title),
  summaryZh: required(ADVISORY_LIMITS.summary),
  summaryEn: required(ADVISORY_LIMITS.summary),
  workaroundsZh: trimmedText(ADVISORY_LIMITS.text).default(''),
  workaroundsEn: trimmedText(ADVISORY_LIMITS.text).default(''),
  vulnerabilities: z.array(advisoryVulnerabilityInputSchema).min(1).max(ADVISORY_LIMITS.vulnerabilities),
  affected: z.array(advisoryAffectedInputSchema).min(1).max(ADVISORY_LIMITS.affected),
  /** Catalogue versions that fix it; drafts among them are published with the advisory. */
  fixedVersionIds: z.array(z.number().int().min(1)).max(ADVISORY_LIMITS.fixedVersions).default([]),
  references: z.array(advisoryReferenceSchema).max(ADVISORY_LIMITS.references).default([]),
  acknowledgments: z.array(advisoryAcknowledgmentSchema).max(ADVISORY_LIMITS.acknowledgments).default([]),
  /** The embargo: nothing of the advisory is visible before. Null: as soon as it is approved. */
  publishAt: z.iso.datetime({ offset: true }).nullable().default(null),
  /** Required once the advisory has a published revision: what this revision changes. */
  revisionSummary: trimmedText(ADVISORY_LIMITS.revisionSummary).default(''),
});
export type AdvisoryInput = z.infer<typeof advisoryInputSchema>;

export const cvssScoreSchema = z.object({
  vector: z.string(),
  version: z.enum(['3.1', '4.0']),
  baseScore: z.number(),
  baseSeverity: z.enum(ADVISORY_SEVERITIES),
});
export type CvssScore = z.infer<typeof cvssScoreSchema>;
export const cvssQuerySchema = z.object({ vector: required(ADVISORY_LIMITS.cvssVector) });

/** A fixed version as it is frozen into a revision. */
export const advisoryFixedVersionSchema = z.object({
  versionId: z.number().int(),
  version: z.string(),
  itemCode: z.string(),
  itemNameZh: z.string(),
  itemNameEn: z.string(),
  kind: z.string(),
});

/**
 * Everything a revision says, names resolved and scores computed at approval: the CSAF documents
 * and the pages are made from this alone, so a later catalogue change cannot rewrite history.
 */
export const advisorySnapshotSchema = z.object({
  advisoryId: z.string(),
  tlp: z.enum(ADVISORY_TLPS),
  titleZh: z.string(),
  titleEn: z.string(),
  summaryZh: z.string(),
  summaryEn: z.string(),
  workaroundsZh: z.string(),
  workaroundsEn: z.string(),
  vulnerabilities: z.array(
    advisoryVulnerabilityInputSchema.extend({ cvss31: cvssScoreSchema, cvss40: cvssScoreSchema.nullable() }),
  ),
  affected: z.array(
    z.object({
      modelId: z.number().int().nullable(),
      pn: z.string().nullable(),
      /** Model name or part number, as customers see it. */
      productName: z.string(),
      kind: z.string(),
      /** Absent in revisions approved before issue 43: `known_affected` (vexStatusOf). */
      status: z.enum(VEX_STATUSES).optional(),
      affectedFrom: z.string().nullable(),
      /** Null only for a status other than `known_affected`: the range goes on. */
      fixedIn: z.string().nullable(),
      justification: z.enum(VEX_JUSTIFICATIONS).nullable().optional(),
      impactZh: z.string().optional(),
      impactEn: z.string().optional(),
    }),
  ),
  fixedVersions: z.array(advisoryFixedVersionSchema),
  references: z.array(advisoryReferenceSchema),
  acknowledgments: z.array(advisoryAcknowledgmentSchema),
  /** Highest v3.1 base score and its rating. */
  baseScore: z.number(),
  severity: z.enum(ADVISORY_SEVERITIES),
});
export type AdvisorySnapshot = z.infer<typeof advisorySnapshotSchema>;

/** One entry of the revision history (CSAF `tracking.revision_history`). */
export const advisoryRevisionSchema = z.object({
  number: z.number().int(),
  /** When it became (or becomes) visible. */
  date: z.string(),
  summary: z.string(),
});
export type AdvisoryRevision = z.infer<typeof advisoryRevisionSchema>;

// ---- what customers read ----

export const advisoryListQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  severity: z.enum(ADVISORY_SEVERITIES).optional(),
  cve: z.string().trim().toUpperCase().max(32).optional(),
  modelId: z.coerce.number().int().min(1).optional(),
  pn: z.string().trim().toUpperCase().max(64).optional(),
  /** A catalogue version: the advisories it fixes. */
  fixedVersionId: z.coerce.number().int().min(1).optional(),
  /** YYYY-MM-DD, first publication on or after / on or before. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** '1': only those that affect the signed-in customer's servers. */
  mine: z.enum(['0', '1']).optional(),
});
export type AdvisoryListQuery = z.infer<typeof advisoryListQuerySchema>;

export const advisoryRowSchema = z.object({
  advisoryId: z.string(),
  tlp: z.enum(ADVISORY_TLPS),
  title: z.string(),
  severity: z.enum(ADVISORY_SEVERITIES),
  baseScore: z.number(),
  cves: z.array(z.string()),
  /** Model names and part numbers. */
  products: z.array(z.string()),
  revision: z.number().int(),
  initialReleaseTime: z.string(),
  currentReleaseTime: z.string(),
  /** Null for anonymous readers. */
  affectsMine: z.boolean().nullable(),
});
export type AdvisoryRow = z.infer<typeof advisoryRowSchema>;
export const advisoryPageSchema = pageOf(advisoryRowSchema);

export const advisoryParamsSchema = z.object({ advisoryId: z.string().trim().toUpperCase().max(40) });
/** An earlier published revision, as it was (the history stays readable); the newest by default. */
export const advisoryDetailQuerySchema = z.object({
  revision: z.coerce.number().int().min(1).max(10_000).optional(),
});

export const advisoryDetailSchema = advisoryRowSchema.extend({
  summary: z.string(),
  workarounds: z.string(),
  snapshot: advisorySnapshotSchema,
  history: z.array(advisoryRevisionSchema),
  /** Of the customer's servers, those it affects (SN and model), at most 100; empty when anonymous. */
  myServers: z.array(z.object({ sn: z.string(), model: z.string() })),
  /** Paths of the CSAF files (JSON, signature, hashes) for this language. */
  csaf: z.object({ json: z.string(), asc: z.string(), sha256: z.string(), sha512: z.string() }),
});
export type AdvisoryDetail = z.infer<typeof advisoryDetailSchema>;

// ---- what staff see ----

export const staffAdvisoryQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(ADVISORY_STATUSES).optional(),
});

export const staffAdvisoryRowSchema = z.object({
  id: z.number().int(),
  advisoryId: z.string(),
  tlp: z.enum(ADVISORY_TLPS),
  titleZh: z.string(),
  titleEn: z.string(),
  status: z.enum(ADVISORY_STATUSES),
  /** Newest approved revision (0: never approved) and when it is or was visible from. */
  revision: z.number().int(),
  visibleFrom: z.string().nullable(),
  /** When revision 1 became visible: null while never approved (or approved under embargo). */
  firstPublished: z.string().nullable(),
  publishAt: z.string().nullable(),
  /** The account that wrote it; empty for the seed's advisories (the system wrote them). */
  authorName: z.string(),
  reviewerName: z.string().nullable(),
  updateTime: z.string(),
});
export type StaffAdvisoryRow = z.infer<typeof staffAdvisoryRowSchema>;
export const staffAdvisoryPageSchema = pageOf(staffAdvisoryRowSchema);

export const staffAdvisoryIdSchema = z.object({ id: z.coerce.number().int().min(1) });
export const staffAdvisoryDetailSchema = staffAdvisoryRowSchema.extend({
  input: advisoryInputSchema,
  /** The author of the working copy's last change. */
  lastEditorId: z.number().int(),
  /** Everyone who changed it since its last approval: none of them may approve it (four eyes). */
  editorIds: z.array(z.number().int()),
  /** The working copy's fixed versions, named (drafts included). */
  fixedVersions: z.array(advisoryFixedVersionSchema.extend({ status: z.string() })),
  rejectComment: z.string().nullable(),
  history: z.array(advisoryRevisionSchema),
});
export type StaffAdvisoryDetail = z.infer<typeof staffAdvisoryDetailSchema>;
export const advisoryRejectSchema = z.object({ comment: required(500) });

/**
 * Versions an advisory may name as fixes: of items for these models or part numbers, drafts
 * included (a fix is often held back until the advisory's time). Staff with advisory:write only.
 */
export const advisoryFixCandidatesQuerySchema = z.object({
  modelIds: z
    .string()
    .max(500)
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map(Number)
            .filter((id) => Number.isInteger(id) && id > 0)
        : [],
    ),
  pns: z
    .string()
    .max(2000)
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((pn) => pn.trim().toUpperCase())
            .filter(Boolean)
        : [],
    ),
});
export const advisoryFixCandidateSchema = advisoryFixedVersionSchema.extend({ status: z.string() });
export type AdvisoryFixCandidate = z.infer<typeof advisoryFixCandidateSchema>;

/** Webhook payload `data` of advisory.published / advisory.updated. */
export const webhookAdvisoryDataSchema = z.object({
  advisoryId: z.string(),
  revision: z.number().int(),
  title: z.string(),
  severity: z.enum(ADVISORY_SEVERITIES),
  baseScore: z.number(),
  cves: z.array(z.string()),
  url: z.string(),
  csafUrl: z.string(),
  /** The receiver's servers it affects (at most 100). */
  servers: z.array(z.string()),
});
export type WebhookAdvisoryData = z.infer<typeof webhookAdvisoryDataSchema>;

/** `PFW-2026-0001` -> `pfw-2026-0001.json` (CSAF 2.0 section 5.1: lower case, other characters as `_`). */
export function csafFileNameOf(trackingId: string): string {
  return `${trackingId.toLowerCase().replace(/[^+\-a-z0-9]+/g, '_')}.json`;
}
/** The web page of an advisory. */
export const advisoryPagePathOf = (advisoryId: string) =>
  `/security/advisories/${encodeURIComponent(advisoryId)}`;

/** Where staff write, review and approve advisories. */
export const STAFF_ADVISORIES_PATH = '/system/advisories';
/** The query parameter that opens the staff list searched for one advisory (a review notice's link). */
export const STAFF_ADVISORY_PARAM = 'advisory';
/** The staff list showing one advisory, where its reviewers approve it or send it back. */
export const staffAdvisoryPathOf = (advisoryId: string) =>
  `${STAFF_ADVISORIES_PATH}?${new URLSearchParams({ [STAFF_ADVISORY_PARAM]: advisoryId })}`;

/** The Atom feed of advisories: TLP:WHITE for anyone; `token` (a private feed token) adds what its owner may read. */
export const ADVISORY_FEED_PATH = '/api/feeds/advisories.atom';
export const advisoryFeedQuerySchema = z.object({
  locale: z.string().max(16).optional(),
  token: z.string().max(128).optional(),
});

// ---- VEX triage from SBOMs (issue 43 §2) ----

const triageBound = z.string().trim().min(1).max(ADVISORY_LIMITS.version).optional();
/**
 * The component a CVE is in: exactly one of `purl` or `cpe`, and the component's vulnerable
 * versions (`gte`/`gt` below, `lte`/`lt` above, the catalogue's version order).
 */
export const advisoryTriageQuerySchema = z
  .object({
    purl: z.string().trim().min(5).max(512).optional(),
    cpe: z.string().trim().min(3).max(512).optional(),
    gte: triageBound,
    gt: triageBound,
    lte: triageBound,
    lt: triageBound,
  })
  .refine((query) => (query.purl === undefined) !== (query.cpe === undefined), {
    message: 'FIELD_INVALID',
    path: ['purl'],
  });
export type AdvisoryTriageQuery = z.infer<typeof advisoryTriageQuerySchema>;

/**
 * One product whose released firmware contains the component, as a starting row of the advisory:
 * `under_investigation` from the first such version up to the first later release without it
 * (null: every later version).
 */
export const advisoryTriageRowSchema = z.object({
  modelId: z.number().int().nullable(),
  pn: z.string().nullable(),
  /** Model code or part number. */
  productName: z.string(),
  kind: z.string(),
  /** Released (or recalled) versions whose SBOM holds the component, oldest first. */
  versions: z.array(z.string()),
  affectedFrom: z.string(),
  fixedIn: z.string().nullable(),
});
export type AdvisoryTriageRow = z.infer<typeof advisoryTriageRowSchema>;
export const advisoryTriageSchema = z.object({
  rows: z.array(advisoryTriageRowSchema),
  /** The SBOM search matched more versions than it answers: narrow the range. */
  truncated: z.boolean(),
});
export type AdvisoryTriage = z.infer<typeof advisoryTriageSchema>;

// ---- CVE lookup for customers (issue 43 §2) ----

export const cveParamsSchema = z.object({ cve: z.string().trim().toUpperCase().regex(CVE_PATTERN) });

/**
 * One component of one of the caller's servers that a visible advisory citing the CVE names:
 * what the advisory says of the version it runs (worst first when several do), `unknown` for a
 * version the catalogue cannot order (as My servers calls it), and the version that fixes it
 * when affected.
 */
export const cveServerSchema = z.object({
  sn: z.string(),
  model: z.string(),
  /** `BMC`, or `PCIE:<PN>` for a card. */
  component: z.string(),
  /** Reported (else shipped) version; null when neither is known. */
  installed: z.string().nullable(),
  status: z.enum(CVE_LOOKUP_STATUSES),
  fixedIn: z.string().nullable(),
  advisoryId: z.string(),
});
export type CveServer = z.infer<typeof cveServerSchema>;

export const cveLookupSchema = z.object({
  cve: z.string(),
  /** The visible advisories citing it that the caller may read. */
  advisories: z.array(
    z.object({ advisoryId: z.string(), title: z.string(), severity: z.enum(ADVISORY_SEVERITIES) }),
  ),
  /**
   * Worst first (CVE_LOOKUP_STATUSES: affected, under investigation, unknown, not affected,
   * fixed), then by SN.
   */
  servers: z.array(cveServerSchema),
  /** The caller's servers no advisory row names (neither model nor card). */
  notNamed: z.number().int(),
  /** More components matched than CVE_LOOKUP_MAX_ROWS: the rest are left out. */
  truncated: z.boolean(),
});
export type CveLookup = z.infer<typeof cveLookupSchema>;
/** Rows one lookup answers (a fleet of 10,000 servers with a few named components each fits). */
export const CVE_LOOKUP_MAX_ROWS = 50_000;
