import { z } from 'zod';
import { trimmedText } from './text-field';
import { pageOf, pageQuerySchema } from './paging';

/** Staff publishing (application `system`): every route needs this button permission. */
export const PUBLISH_PERMISSION_CODE = 'firmware:publish';

/** Kinds of catalogue item (spec section 1). */
export const PUBLISH_ITEM_KINDS = [
  'BMC',
  'BIOS',
  'PSU',
  'DISK',
  'NIC',
  'CPLD',
  'RAID',
  'PCIE',
  'LIVECD',
  'SOFTWARE',
  'PLUGIN',
  'TOOL',
  'DOCUMENT',
  'ERP',
  'CONFIG',
] as const;
/** What a custom LiveCD may carry besides its base image: firmware, drivers, tools and software. */
export const LIVECD_COMPONENT_KINDS = PUBLISH_ITEM_KINDS.filter(
  (kind) => !['LIVECD', 'DOCUMENT', 'ERP', 'CONFIG'].includes(kind),
);
/** Kinds whose versions name the server models they support (the rest but PCIE name nothing). */
export const PUBLISH_SERVER_FIRMWARE_KINDS = ['BMC', 'BIOS', 'PSU', 'DISK', 'NIC', 'CPLD', 'RAID', 'CONFIG'];
export const PUBLISH_VISIBILITIES = ['public', 'signed_in', 'restricted'] as const;
export const PUBLISH_GRANT_TYPES = ['role', 'customer', 'sn', 'model'] as const;
export const PUBLISH_FILE_CATEGORIES = ['firmware', 'image', 'software', 'document', 'config'] as const;
export const PUBLISH_SEVERITIES = ['urgent', 'recommended', 'optional'] as const;
export const PUBLISH_VERSION_STATUSES = ['draft', 'published', 'recalled'] as const;
/** Archive types a new version may be (by name and by content). */
export const PUBLISH_FILE_EXTENSIONS = ['.tar', '.tar.gz', '.tgz', '.zip', '.rar'] as const;
/** Rich-text editor: images per upload (spec section 5) and bytes per image. */
export const EDITOR_MAX_IMAGES_PER_UPLOAD = 5;
export const EDITOR_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const EDITOR_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** Where editor images are served (signed-in users); the sanitiser keeps only these image sources. */
/**
 * Where a release-notes image is served: a public, immutable address (its id is 128 random bits,
 * known only to whoever reads the notes), so readers' browsers load it without a session.
 */
export const EDITOR_IMAGE_URL_PREFIX = '/api/editor-images/';
/** The address editor images had before (signed-in only); notes saved with it are rewritten. */
export const LEGACY_EDITOR_IMAGE_URL_PREFIX = '/api/sysFileInfo/preview?id=';

/** True when the file name ends with an allowed archive extension (case-insensitive). */
export function isPublishableFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return PUBLISH_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

// ---- what an update needs (issue 34 §2): reboot, prerequisites, install order (install-order.ts) ----

/** Limits of a version's prerequisites and an item's Redfish SoftwareIds. */
export const UPDATE_PLAN_LIMITS = {
  prerequisites: 8,
  minVersion: 64,
  softwareIds: 16,
  softwareId: 128,
  installOrder: 999,
} as const;

/** Kinds a prerequisite may name: a server's own firmware, or `PCIE:<PN>` for a card. */
const PREREQUISITE_KINDS = ['BMC', 'BIOS', 'PSU', 'DISK', 'NIC', 'CPLD', 'RAID'];
const PREREQUISITE_PCIE = /^PCIE:[A-Z0-9][A-Z0-9._-]{0,63}$/;
/** True for a component key a prerequisite may name (`BMC` … `RAID`, `PCIE:<PN>`), upper case. */
export const isPrerequisiteComponent = (key: string) =>
  PREREQUISITE_KINDS.includes(key) || PREREQUISITE_PCIE.test(key);

/**
 * "Install `component` at `minVersion` or newer before this version" (e.g. BMC >= 4.0 before a
 * BIOS 6.x), compared in the portal's version order (version-order.ts). Messages are server
 * catalogue keys: a wrong line is answered as PUBLISH_PREREQUISITE_INVALID in the reader's language.
 */
export const versionPrerequisiteSchema = z.object({
  component: z.string().trim().toUpperCase().refine(isPrerequisiteComponent, 'PREREQUISITE_COMPONENT'),
  minVersion: z
    .string()
    .trim()
    .min(1, 'PREREQUISITE_VERSION')
    .max(UPDATE_PLAN_LIMITS.minVersion, 'PREREQUISITE_VERSION'),
});
export type VersionPrerequisite = z.infer<typeof versionPrerequisiteSchema>;

export const versionPrerequisitesSchema = z
  .array(versionPrerequisiteSchema)
  .max(UPDATE_PLAN_LIMITS.prerequisites, 'PREREQUISITE_TOO_MANY')
  .refine(
    (list) => new Set(list.map((line) => line.component)).size === list.length,
    'PREREQUISITE_DUPLICATE',
  );

/** What installing a version needs: a reboot, other components first, its place in a bundle. */
export const versionUpdatePlanFields = {
  rebootRequired: z.boolean().default(false),
  prerequisites: versionPrerequisitesSchema.default([]),
  /** 1–999, lower first; null: the kind's default (DEFAULT_INSTALL_ORDER). */
  installOrder: z.number().int().min(1).max(UPDATE_PLAN_LIMITS.installOrder).nullable().default(null),
};
/** PUT /api/publishing/versions/:id/update-plan: replaces the three, any status (the file never changes). */
export const publishUpdatePlanSchema = z.object(versionUpdatePlanFields);
export type PublishUpdatePlanInput = z.input<typeof publishUpdatePlanSchema>;

/**
 * A Redfish SoftwareInventory `SoftwareId` as BMCs report it: printable ASCII, at most 128
 * characters (staff copy it from a BMC's FirmwareInventory).
 */
export const softwareIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(UPDATE_PLAN_LIMITS.softwareId)
  .regex(/^[\x20-\x7e]+$/, 'printable ASCII');

export const publishGrantSchema = z.object({
  grantType: z.enum(PUBLISH_GRANT_TYPES),
  value: trimmedText(128).min(1),
});
export type PublishGrant = z.infer<typeof publishGrantSchema>;

/** A catalogue item's code: lower-case letters, digits and dashes, 2 to 64, not starting with a dash. */
export const ITEM_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{1,63}$/;

/** Create or edit a catalogue item. */
export const publishItemInputSchema = z.object({
  code: z.string().trim().regex(ITEM_CODE_PATTERN, 'lower-case letters, digits and dashes (2-64)'),
  kind: z.enum(PUBLISH_ITEM_KINDS),
  section: trimmedText(32).default(''),
  nameZh: trimmedText(200).min(1),
  nameEn: trimmedText(200).min(1),
  descriptionZh: trimmedText(4000).default(''),
  descriptionEn: trimmedText(4000).default(''),
  visibility: z.enum(PUBLISH_VISIBILITIES),
  sort: z.number().int().min(0).max(100_000).default(100),
  grants: z.array(publishGrantSchema).max(500).default([]),
  /** Redfish SoftwareIds by which `fwportal audit` recognises this item's firmware on a BMC. */
  softwareIds: z.array(softwareIdSchema).max(UPDATE_PLAN_LIMITS.softwareIds).default([]),
});
export type PublishItemInput = z.input<typeof publishItemInputSchema>;

export const publishItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.string(),
  section: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  visibility: z.enum(PUBLISH_VISIBILITIES),
  sort: z.number().int(),
  grants: z.array(publishGrantSchema),
  softwareIds: z.array(z.string()),
  counts: z.object({ draft: z.number().int(), published: z.number().int(), recalled: z.number().int() }),
  latestVersion: z.string().nullable(),
  createTime: z.string(),
});
export type PublishItem = z.infer<typeof publishItemSchema>;

export const publishItemQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  kind: z.enum(PUBLISH_ITEM_KINDS).optional(),
});
export const publishItemPageSchema = pageOf(publishItemSchema);

export const publishIdParamsSchema = z.object({ id: z.coerce.number().int().min(1) });

/**
 * A version string (it names files and folders in bundles and ISOs): letters, digits,
 * `. _ - + ~ ( )` and single spaces inside; it starts with a letter or digit and holds no `..`,
 * `/`, `\\` or control character. The message is a server catalogue key.
 */
export const VERSION_PATTERN = /^(?!.*\.\.)[\p{L}\p{N}](?:[\p{L}\p{N}._+~()-]| (?! ))*$/u;

/** Metadata of a new version: the multipart field `meta` (JSON), sent BEFORE the field `file`. */
export const publishVersionMetaSchema = z.object({
  version: trimmedText(64).min(1).regex(VERSION_PATTERN, 'VERSION_FORMAT'),
  releaseDate: z.iso.date(),
  fileCategory: z.enum(PUBLISH_FILE_CATEGORIES),
  os: trimmedText(64).default(''),
  arch: trimmedText(32).default(''),
  severity: z.enum(PUBLISH_SEVERITIES).default('optional'),
  cves: z
    .array(
      z
        .string()
        .trim()
        .regex(/^CVE-\d{4}-\d{4,}$/i, 'CVE-YYYY-NNNN'),
    )
    .max(100)
    .default([]),
  /** Server model codes (server firmware). */
  models: z.array(trimmedText(32).min(1)).max(100).default([]),
  /** PCIe part numbers (PCIe firmware). */
  parts: z.array(trimmedText(64).min(1)).max(500).default([]),
  securityFix: z.boolean().default(false),
  /** Pre-release / early access; unset: true exactly when the version has a SemVer pre-release part. */
  preRelease: z.boolean().optional(),
  ...versionUpdatePlanFields,
});
export type PublishVersionMeta = z.input<typeof publishVersionMetaSchema>;

export const publishNoteKindSchema = z.enum(['1', '2', '3']);
export const publishNoteLineSchema = z.object({
  kind: publishNoteKindSchema,
  textZh: trimmedText(1000).min(1),
  textEn: trimmedText(1000).min(1),
});
export type PublishNoteLine = z.infer<typeof publishNoteLineSchema>;

/**
 * What a version says about itself to someone deciding whether to install it: how urgent, which
 * CVEs it fixes, whether it is a pre-release, which server models and PCIe parts it is for. The
 * console's version rows and the webhook payload carry the same facts.
 */
export const versionAdvisoryFields = {
  severity: z.string(),
  cves: z.array(z.string()),
  securityFix: z.boolean(),
  preRelease: z.boolean(),
  models: z.array(z.string()),
  parts: z.array(z.string()),
};

/** What installing a version needs, as customers and staff read it (catalogue rows, staff rows). */
export const versionUpdateNeedsFields = {
  /** Installing it restarts the server (or needs a restart to take effect). */
  rebootRequired: z.boolean(),
  /** Components to bring to a minimum version first (`BMC`, `PCIE:<PN>` …). */
  prerequisites: z.array(z.object({ component: z.string(), minVersion: z.string() })),
};

export const publishVersionSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  version: z.string(),
  status: z.enum(PUBLISH_VERSION_STATUSES),
  releaseDate: z.string(),
  fileCategory: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  sha256: z.string(),
  md5: z.string(),
  contentType: z.string(),
  os: z.string(),
  arch: z.string(),
  ...versionAdvisoryFields,
  ...versionUpdateNeedsFields,
  /** As staff set it (null: the kind's default, DEFAULT_INSTALL_ORDER). */
  installOrder: z.number().int().nullable(),
  downloadCount: z.number().int(),
  createTime: z.string(),
  publishTime: z.string().nullable(),
  recallTime: z.string().nullable(),
  recallReason: z.string().nullable(),
});
export type PublishVersion = z.infer<typeof publishVersionSchema>;

/** One version with its release notes in both languages (the notes editor). */
export const publishVersionDetailSchema = publishVersionSchema.extend({
  notes: z.array(publishNoteLineSchema),
  notesHtmlZh: z.string(),
  notesHtmlEn: z.string(),
});
export type PublishVersionDetail = z.infer<typeof publishVersionDetailSchema>;

/** Replaces the structured lists and the rich-text bodies of a version (HTML is sanitised on the server). */
export const publishNotesInputSchema = z.object({
  notes: z.array(publishNoteLineSchema).max(200),
  notesHtmlZh: z.string().max(200_000).default(''),
  notesHtmlEn: z.string().max(200_000).default(''),
});
export type PublishNotesInput = z.input<typeof publishNotesInputSchema>;

export const recallInputSchema = z.object({
  reason: trimmedText(500).min(1),
  /** Post a notice to every user who downloaded this version. */
  notifyDownloaders: z.boolean().default(true),
  /**
   * A security fix must stay available ten years after its release (CRA Art. 13(9)): recalling
   * one before that needs this justification too (issue 43 §4); ignored for other versions.
   */
  securityFixReason: trimmedText(500).default(''),
});
export type RecallInput = z.input<typeof recallInputSchema>;
export const recallResultSchema = z.object({ version: publishVersionSchema, notified: z.number().int() });

/** The rich-text editor's upload contract (spec section 7): `status` 'success' and the `url` to insert. */
export const editorImageUploadSchema = z.object({
  status: z.literal('success'),
  url: z.string(),
  urls: z.array(z.string()),
});
export type EditorImageUpload = z.infer<typeof editorImageUploadSchema>;

/** Portal release notes (the header dialog's data), both languages, for the system application. */
export const releaseNoteAdminSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  createTime: z.string(),
  items: z.array(publishNoteLineSchema),
});
export type ReleaseNoteAdmin = z.infer<typeof releaseNoteAdminSchema>;
export const releaseNoteAdminInputSchema = z.object({
  version: trimmedText(50).min(1),
  createTime: z.iso.datetime({ offset: true }),
  items: z.array(publishNoteLineSchema).max(200),
});
export type ReleaseNoteAdminInput = z.input<typeof releaseNoteAdminInputSchema>;

/** Staff mark a version as a pre-release (early access) or as a release. */
export const publishPreReleaseSchema = z.object({ preRelease: z.boolean() });
export type PublishPreReleaseInput = z.infer<typeof publishPreReleaseSchema>;
