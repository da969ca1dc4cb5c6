import { z } from 'zod';
import { trimmedText } from './text-field';
import { ACCOUNT_MAX_LENGTH, EMAIL_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from './limits';
import { localeSchema } from './locale';

/** Spec 5: letters, digits and underscores only. */
export const ACCOUNT_PATTERN = /^[A-Za-z0-9_]+$/;
export const ACCOUNT_MIN_LENGTH = 4;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits with an optional leading + (international numbers); spaces and dashes are stripped first. */
export const PHONE_PATTERN = /^\+?\d{6,20}$/;
export const SN_PATTERN = /^[A-Za-z0-9-]{4,64}$/;
export const SERIALS_PER_BIND = 10;
export const SERIALS_PER_ACCOUNT = 100;

/**
 * Registration fields. The schema only bounds sizes: the service checks the
 * rules one by one so that each failure carries the spec's own message.
 */
export const registerBodySchema = z.object({
  account: trimmedText(ACCOUNT_MAX_LENGTH),
  password: z.string().max(LOGIN_PASSWORD_MAX_LENGTH),
  confirm: z.string().max(LOGIN_PASSWORD_MAX_LENGTH),
  nickName: trimmedText(64),
  name: trimmedText(64),
  email: trimmedText(EMAIL_MAX_LENGTH),
  /** The code mailed to `email` by /api/auth/emailCode. */
  emailCode: trimmedText(16),
  phone: trimmedText(32).default(''),
  /** The SMS code sent to `phone` by /api/getSmsCaptcha; required when a phone is given. */
  smsCode: trimmedText(16).default(''),
  company: trimmedText(128),
  /** A code of the industry dictionary (spec 1). */
  industry: trimmedText(64),
  /** Optional server serial number, bound (and verified when possible) with the account. */
  sn: trimmedText(64).default(''),
  locale: localeSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const registerQuerySchema = z.object({ code: z.string().max(16).optional() });

export const registerResultSchema = z.object({
  account: z.string(),
  /** The masked address the welcome mail went to. */
  email: z.string(),
  /** State of the serial number given at registration, when one was. */
  sn: z.object({ sn: z.string(), state: z.enum(['verified', 'pending']) }).nullable(),
});
export type RegisterResult = z.infer<typeof registerResultSchema>;

/** Where a verification code should go (registration, or binding a new address to an account). */
/**
 * Where a code goes; `code` is the captcha answer the anonymous registration endpoints require
 * (a signed-in session is the proof elsewhere), so the portal cannot spam arbitrary addresses.
 */
export const emailCodeQuerySchema = z.object({
  email: trimmedText(EMAIL_MAX_LENGTH),
  code: z.string().max(16).optional(),
});
export const smsCodeQuerySchema = z.object({ phone: trimmedText(32), code: z.string().max(16).optional() });

/** Password recovery: a single-use link mailed to the account's address. */
export const recoverBodySchema = z.object({
  /** Account name or email address. */
  account: trimmedText(EMAIL_MAX_LENGTH),
});
export const recoverSentSchema = z.object({
  linkValidMinutes: z.number().int(),
  /**
   * Present while the mail server is not answering (whatever the account): a link is queued and
   * sent as soon as it answers. The text says so in the request's language.
   */
  mailDelayed: z.string().optional(),
});
export type RecoverSent = z.infer<typeof recoverSentSchema>;
export const resetTokenQuerySchema = z.object({ token: z.string().max(128) });
export const resetTokenStateSchema = z.object({
  valid: z.boolean(),
  /** The account the link is for, masked; null when the link is not valid. */
  account: z.string().nullable(),
});
export const resetPasswordBodySchema = z.object({
  token: z.string().max(128),
  password: z.string().max(LOGIN_PASSWORD_MAX_LENGTH),
  confirm: z.string().max(LOGIN_PASSWORD_MAX_LENGTH),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
