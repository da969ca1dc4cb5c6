import { z } from 'zod';
import { CATALOG_KINDS } from './catalog';
import { PUBLISH_SERVER_FIRMWARE_KINDS, PUBLISH_SEVERITIES } from './publishing';

/**
 * Atom feeds of new and recalled releases (issue 20). Anyone may read the public feed; the same
 * address with `?token=fwf_…` (a private feed token, one per account) adds what its owner may see.
 * Feed readers cannot send headers, which is why this token rides in the URL and does nothing else.
 */

export const FEED_PATH = '/api/feeds/releases.atom';
export const FEED_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';
/** Every private feed token starts with this (secret scanners, and telling it from an access token). */
export const FEED_TOKEN_PREFIX = 'fwf_';
/** Entries per feed: the newest releases and recalls. */
export const FEED_MAX_ENTRIES = 50;

/**
 * Where a person reads one version: the download page of its kind with the version's detail
 * drawer open (the pages keep the open version in `?version=`). Feeds, webhooks and the console
 * home link there.
 */
export const CONSOLE_FIRMWARE_PATH = '/mirror/custmirrordownload';
export const CONSOLE_SOFTWARE_PATH = '/tools/toolsdownload';
const FIRMWARE_PAGE_KINDS: readonly string[] = [...PUBLISH_SERVER_FIRMWARE_KINDS, 'PCIE'];
export const consoleVersionPathOf = (kind: string, versionId: number) =>
  `${FIRMWARE_PAGE_KINDS.includes(kind) ? CONSOLE_FIRMWARE_PATH : CONSOLE_SOFTWARE_PATH}?version=${versionId}`;

const code = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._/-]+$/, 'FIELD_FORMAT')
  .transform((value) => value.toUpperCase());

export const feedQuerySchema = z.object({
  /** A server model code, e.g. M7-2U: versions supporting it. */
  model: code.optional(),
  kind: z
    .string()
    .trim()
    .max(16)
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(CATALOG_KINDS))
    .optional(),
  /** A PCIe part number: versions supporting that card. */
  pn: code.optional(),
  /** Language of titles and summaries (zh-CN or en-US; Accept-Language otherwise). */
  locale: z.string().max(16).optional(),
  /** The private feed token (`fwf_…`); redacted in request logs. */
  token: z.string().max(128).optional(),
});
export type FeedQuery = z.output<typeof feedQuerySchema>;

/** GET/DELETE /api/sysUser/feedToken: whether I have a private feed token, never the token. */
export const feedTokenStatusSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type FeedTokenStatus = z.infer<typeof feedTokenStatusSchema>;

/** POST /api/sysUser/feedToken: answered once; a new token replaces the old one at once. */
export const feedTokenCreatedSchema = feedTokenStatusSchema.extend({
  token: z.string(),
  /** The private feed address to paste into a feed reader (public feed filters may be appended). */
  feedUrl: z.string(),
});
export type FeedTokenCreated = z.infer<typeof feedTokenCreatedSchema>;

/** Severities as feed summaries name them (translated on the server). */
export const FEED_SEVERITIES = PUBLISH_SEVERITIES;
