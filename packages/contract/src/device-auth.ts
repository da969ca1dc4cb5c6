import { z } from 'zod';
import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_SCOPES,
  type ApiTokenScope,
  apiTokenCreateSchema,
  apiTokenCreatedSchema,
} from './automation';

/**
 * Signing a command-line client in by the OAuth 2.0 device authorization grant (RFC 8628, issue
 * 32): the client asks for a code, the person approves it in the console (signed in, captcha and
 * all), the client polls and gets a personal access token. No password ever reaches a script, and
 * nothing a stranger sends touches the console's sign-in lock.
 */

/** Seconds a device code lives (RFC 8628 `expires_in`). */
export const DEVICE_CODE_TTL_SECONDS = 600;
/** Seconds a client waits between polls (`interval`); `slow_down` adds this much again. */
export const DEVICE_POLL_INTERVAL_SECONDS = 5;
/** Consonants only (RFC 8628 §6.1): no vowels to spell words, no 0/O or 1/I to confuse. */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
/** Characters of a user code, shown as two groups of four (`XXXX-XXXX`): 20^8 ≈ 2.6·10^10 codes. */
export const USER_CODE_LENGTH = 8;
/** Wrong codes one console session may type before it must wait (`DEVICE_CODE_ATTEMPT_WINDOW_MS`). */
export const DEVICE_CODE_ATTEMPTS = 5;
export const DEVICE_CODE_ATTEMPT_WINDOW_MS = 15 * 60_000;
/** The console page the person opens (`verification_uri`); `?user_code=` fills the code in. */
export const DEVICE_VERIFICATION_PATH = '/device';
/** RFC 8628 §3.4. */
export const DEVICE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';
export const DEVICE_CLIENT_NAME_MAX = 64;

/** RFC 8628 §3.5 answers of the token endpoint while no token is given. */
export const DEVICE_TOKEN_ERRORS = [
  'authorization_pending',
  'slow_down',
  'access_denied',
  'expired_token',
  'invalid_grant',
  'unsupported_grant_type',
  'invalid_request',
] as const;
export type DeviceTokenError = (typeof DEVICE_TOKEN_ERRORS)[number];

/** `XXXX-XXXX` or `xxxxxxxx`, spaces and dashes ignored: what a person may type. */
export const normaliseUserCode = (text: string) => text.toUpperCase().replace(/[\s-]/g, '');
export const formatUserCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** POST /api/device/code: who asks (shown to the person who approves). */
export const deviceCodeRequestSchema = z.object({
  /** The program, e.g. `fwportal`. */
  client_id: z.string().trim().min(1).max(DEVICE_CLIENT_NAME_MAX),
  /** The machine it runs on (its host name). */
  client_host: z.string().trim().max(DEVICE_CLIENT_NAME_MAX).optional(),
  /** RFC 8628 §3.1: the scopes asked for, space-separated; the person approving may change them. */
  scope: z
    .string()
    .max(200)
    .refine((text) =>
      text.split(' ').every((scope) => !scope || (API_TOKEN_SCOPES as readonly string[]).includes(scope)),
    )
    .optional(),
  /** The expiry asked for (days); the person approving may change it. */
  expires_in_days: z.coerce.number().int().min(1).max(API_TOKEN_MAX_DAYS).optional(),
});

/** The known scopes of an RFC 6749 `scope` string, each once. */
export const scopesOfText = (text: string | undefined): ApiTokenScope[] => [
  ...new Set(
    (text ?? '')
      .split(' ')
      .filter((scope): scope is ApiTokenScope => (API_TOKEN_SCOPES as readonly string[]).includes(scope)),
  ),
];
export type DeviceCodeRequest = z.infer<typeof deviceCodeRequestSchema>;

/** RFC 8628 §3.2: answered as is (no envelope), as OAuth clients expect. */
export const deviceCodeSchema = z.object({
  device_code: z.string(),
  user_code: z.string(),
  verification_uri: z.string(),
  verification_uri_complete: z.string(),
  expires_in: z.number().int(),
  interval: z.number().int(),
});
export type DeviceCode = z.infer<typeof deviceCodeSchema>;

/** POST /api/device/token (RFC 8628 §3.4). */
export const deviceTokenRequestSchema = z.object({
  grant_type: z.string().max(128),
  device_code: z.string().min(1).max(128),
  client_id: z.string().max(DEVICE_CLIENT_NAME_MAX).optional(),
});
export type DeviceTokenRequest = z.infer<typeof deviceTokenRequestSchema>;

/** RFC 6749 §5.1 plus the token's record (`token` is the secret again, for clients of the API). */
export const deviceTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
  /** Whose token it is: the account that approved (so the command line can say as whom it signed in). */
  account: z.string(),
  token: apiTokenCreatedSchema,
});
export type DeviceToken = z.infer<typeof deviceTokenSchema>;

/** RFC 6749 §5.2 as RFC 8628 §3.5 uses it. */
export const deviceTokenErrorSchema = z.object({
  error: z.enum(DEVICE_TOKEN_ERRORS),
  error_description: z.string().optional(),
  /** With `slow_down`: the interval to keep from now on. */
  interval: z.number().int().optional(),
});
export type DeviceTokenErrorBody = z.infer<typeof deviceTokenErrorSchema>;

/** The code a signed-in person typed (or the link filled in). */
export const deviceUserCodeSchema = z.object({
  userCode: z.string().max(32).transform(normaliseUserCode).pipe(z.string().length(USER_CODE_LENGTH)),
});

/** What the console shows before the person approves: who asks, from where, since when. */
export const deviceRequestSchema = z.object({
  userCode: z.string(),
  clientId: z.string(),
  clientHost: z.string(),
  clientIp: z.string(),
  userAgent: z.string(),
  requestedAt: z.string(),
  expiresAt: z.string(),
  /** What the client asked for: the form starts from it. */
  requestedScopes: z.array(z.enum(API_TOKEN_SCOPES)),
  requestedDays: z.number().int().nullable(),
});
export type DeviceRequest = z.infer<typeof deviceRequestSchema>;

/** Approval: the code and the token the person chose (name, scopes, expiry). */
export const deviceApproveSchema = z.object({
  userCode: deviceUserCodeSchema.shape.userCode,
  token: apiTokenCreateSchema,
});
export type DeviceApprove = z.input<typeof deviceApproveSchema>;
export const deviceDecisionSchema = z.object({ approved: z.boolean() });
export type DeviceDecision = z.infer<typeof deviceDecisionSchema>;
