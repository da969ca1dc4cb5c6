import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_IDS_PER_QUERY } from './limits';
import { MAX_PAGE_SIZE, pageOf } from './paging';
import { PCIE_VALUES_MAX_CHARS } from './catalog';

/**
 * Background tasks of the personal center (spec 3 and 4):
 * - `POST /api/tasks/mirror` { by, values }: LIST_MIRROR_SN / LIST_MIRROR_PN from typed values
 *   (at most 10); `POST /api/tasks/mirror/upload?by=` the same from a `.txt` list (at most 500).
 * - `POST /api/tasks/livecd` { baseVersionId, componentVersionIds }: PACKAGE_LIVE_CD.
 * - `GET /api/tasks` paged, newest first; `GET /api/tasks/:id` one task with its log.
 * - `POST /api/tasks/:id/retry`: a FAILED task runs again.
 * - `GET /api/tasks/:id/result` (bearer or `?token=`): the result file, Range supported.
 */
export const TASK_TYPES = ['LIST_MIRROR_SN', 'LIST_MIRROR_PN', 'PACKAGE_LIVE_CD'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const TASK_STATUSES = ['PENDING', 'RUNNING', 'SUCCESS', 'FAILED'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Typed SN/PN lists take the lookup's limit; a .txt upload takes the upload limit. */
export const TASK_MIRROR_MAX_VALUES = MAX_IDS_PER_QUERY;
/** Components a custom LiveCD may carry besides its base image. */
export const LIVECD_MAX_COMPONENTS = 20;
/** Unfinished tasks one user may have at once (PENDING or RUNNING). */
export const TASK_MAX_OPEN_PER_USER = 5;
/** Names of the files inside a bundle. */
export const BUNDLE_MANIFEST_CSV = 'manifest.csv';
export const BUNDLE_MANIFEST_JSON = 'manifest.json';
export const BUNDLE_SHA256SUMS = 'SHA256SUMS';

export const mirrorTaskBodySchema = z.object({
  by: z.enum(['sn', 'pn']),
  values: z.string().max(PCIE_VALUES_MAX_CHARS),
});
export type MirrorTaskBody = z.infer<typeof mirrorTaskBodySchema>;

export const livecdTaskBodySchema = z.object({
  baseVersionId: z.number().int().positive(),
  componentVersionIds: z.array(z.number().int().positive()).max(LIVECD_MAX_COMPONENTS).default([]),
  /** ISO volume label: letters, digits and underscores (ISO 9660 d-characters). */
  label: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,32}$/)
    .optional(),
});
export type LivecdTaskBody = z.input<typeof livecdTaskBodySchema>;

export const taskQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(FIRST_PAGE),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type TaskQuery = z.input<typeof taskQuerySchema>;
export const taskIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const taskLogEntrySchema = z.object({
  time: z.string(),
  level: z.enum(['info', 'warn', 'error']),
  /** Already in the reader's language. */
  message: z.string(),
});
export type TaskLogEntry = z.infer<typeof taskLogEntrySchema>;

export const taskSchema = z.object({
  id: z.number().int(),
  type: z.enum(TASK_TYPES),
  status: z.enum(TASK_STATUSES),
  /** A one-line description of the input, e.g. "SN: 2102A1, 2102A2". */
  summary: z.string(),
  createTime: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  log: z.array(taskLogEntrySchema),
  result: z
    .object({
      fileName: z.string(),
      size: z.number().int(),
      sha256: z.string(),
      expiresAt: z.string().nullable(),
    })
    .nullable(),
  /** True when the result was removed because it expired. */
  resultExpired: z.boolean(),
  canRetry: z.boolean(),
});
export type Task = z.infer<typeof taskSchema>;
export const taskPageSchema = pageOf(taskSchema);

/** The answer to creating a task; the page shows `message` (check it later under Personal center > Tasks). */
export const taskCreatedSchema = z.object({ task: taskSchema, message: z.string() });
export type TaskCreated = z.infer<typeof taskCreatedSchema>;

/**
 * One row of a bundle's manifest (CSV and JSON). A bundle of what is missing (fleet compliance)
 * lists each server's vulnerable components before its outdated ones, and its `severity` ranks
 * the same way (issue 42 §2): `urgent` for a vulnerable component (an advisory names its
 * version), the publisher's rating for an outdated one but never above `recommended`. Install in
 * `installOrder` (lower first), after each prerequisite; `rebootRequired` says the update restarts
 * the server. A bundle of the newest files (mirror by SN or PN) knows nothing of what is installed:
 * there `state`, `installOrder` and `rebootRequired` are null (empty in the CSV), `severity` is the
 * publisher's and `prerequisites` empty.
 */
export const bundleManifestRowSchema = z.object({
  sn: z.string(),
  pn: z.string(),
  model: z.string(),
  component: z.string(),
  item: z.string(),
  currentVersion: z.string(),
  offeredVersion: z.string(),
  state: z.enum(['vulnerable', 'outdated']).nullable(),
  severity: z.string(),
  installOrder: z.number().int().nullable(),
  rebootRequired: z.boolean().nullable(),
  /** In the CSV: `BMC >= 3.1.0; BIOS >= 5.0.0`. */
  prerequisites: z.array(z.object({ component: z.string(), minVersion: z.string() })),
  file: z.string(),
  sha256: z.string(),
  /** The file's SBOM in the bundle (issue 43), beside it: its path and SHA-256; null when it has none. */
  sbom: z.string().nullable().optional(),
  sbomSha256: z.string().nullable().optional(),
});
export type BundleManifestRow = z.infer<typeof bundleManifestRowSchema>;
