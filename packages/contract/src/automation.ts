import { z } from 'zod';

/**
 * Automation for fleets (issue 20): personal access tokens, quotas, feeds, webhooks and the
 * fleet resolve call the `fwportal` command-line client uses.
 */

/** Every personal access token starts with this, so a leaked one is recognisable (secret scanners). */
export const API_TOKEN_PREFIX = 'fwp_';
/** What a token may do; each route accepting tokens names the one scope it needs. */
export const API_TOKEN_SCOPES = ['catalog:read', 'download', 'tasks', 'licences', 'inventory'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_NAME_MAX = 64;
/** Active (not revoked, not expired) tokens an account may hold. */
export const API_TOKENS_PER_ACCOUNT = 20;
/** Why a token stopped working before its expiry. */
export const API_TOKEN_REVOKE_REASONS = ['owner', 'staff', 'password', 'frozen'] as const;
export type ApiTokenRevokeReason = (typeof API_TOKEN_REVOKE_REASONS)[number];
export const API_TOKEN_STATES = ['active', 'expired', 'revoked'] as const;

export const apiTokenCreateSchema = z.object({
  name: z.string().trim().min(1).max(API_TOKEN_NAME_MAX),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES))
    .min(1)
    .max(API_TOKEN_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, { message: 'FIELD_DUPLICATE' }),
  expiresInDays: z.number().int().min(1).max(API_TOKEN_MAX_DAYS),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the token (`fwp_` + 4), enough to recognise it, never enough to use it. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedReason: z.enum(API_TOKEN_REVOKE_REASONS).nullable(),
  state: z.enum(API_TOKEN_STATES),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.array(apiTokenSchema);
/** Answered once, at creation: the only time the secret is shown. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
export const apiTokenParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export const userTokenParamsSchema = z.object({
  userId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export const userTokensParamsSchema = z.object({
  userId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** Quotas of token requests (documented in docs/AUTOMATION.md, configurable per deployment). */
export const RATE_LIMIT_HEADERS = {
  limit: 'ratelimit-limit',
  remaining: 'ratelimit-remaining',
  reset: 'ratelimit-reset',
  policy: 'ratelimit-policy',
} as const;

/** Fleet resolve: for each SN its model and the newest released firmware per kind. */
export const FLEET_RESOLVE_MAX_SNS = 500;
export const fleetResolveRequestSchema = z.object({
  sns: z.array(z.string().trim().min(1).max(64)).min(1).max(FLEET_RESOLVE_MAX_SNS),
});
export const fleetFirmwareSchema = z.object({
  /** BMC, BIOS ... or PCIE for a card (then `pn` names it). */
  component: z.string(),
  pn: z.string(),
  /** Installed at shipping or last reported ('' when unknown). */
  current: z.string(),
  versionId: z.number().int(),
  item: z.string(),
  version: z.string(),
  severity: z.string(),
  releaseDate: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  sha256: z.string(),
  /** Path of the file (GET with the token, Range supported). */
  downloadPath: z.string(),
});
export type FleetFirmware = z.infer<typeof fleetFirmwareSchema>;
export const fleetServerSchema = z.object({
  sn: z.string(),
  /** false: unknown, or not one of mine (both answered alike). */
  found: z.boolean(),
  model: z.string(),
  firmware: z.array(fleetFirmwareSchema),
});
export type FleetServer = z.infer<typeof fleetServerSchema>;
export const fleetResolveSchema = z.object({ servers: z.array(fleetServerSchema) });
export type FleetResolve = z.infer<typeof fleetResolveSchema>;
