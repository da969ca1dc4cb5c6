import { z } from 'zod';
import { pageOf, pageQuerySchema } from './paging';

export const loginRecordSchema = z.object({
  id: z.number().int(),
  type: z.enum(['LOGIN', 'LOGOUT']),
  success: z.boolean(),
  message: z.string(),
  ip: z.string().nullable(),
  createTime: z.string(),
});
export type LoginRecord = z.infer<typeof loginRecordSchema>;
export const loginRecordPageSchema = pageOf(loginRecordSchema);
export const loginRecordQuerySchema = pageQuerySchema;

/** An open sign-in of the current user (security settings: sign out one or all others). */
export const sessionInfoSchema = z.object({
  id: z.number().int(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createTime: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const revokeSessionsBodySchema = z
  .object({ id: z.number().int().optional(), allOthers: z.boolean().optional() })
  .refine((body) => body.allOthers === true || body.id !== undefined, {
    message: 'id or allOthers is required',
  });
export const revokeSessionsResultSchema = z.object({ revoked: z.number().int() });

/** Staff view of what the portal sent (mail and SMS), for support when a customer gets no code. */
export const outboxQuerySchema = pageQuerySchema.extend({ channel: z.enum(['mail', 'sms']).default('mail') });
/**
 * queued: written, not yet taken by the mail server (retried with backoff); sent: the SMTP
 * server (or SMS provider) took it; logged: no delivery channel configured, only logged;
 * failed: refused, or undelivered for too long; expired: its code or link ran out before it
 * could be delivered. SMS use sent, logged and failed only.
 */
export const OUTBOX_STATUSES = ['queued', 'sent', 'logged', 'failed', 'expired'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const outboxEntrySchema = z.object({
  id: z.number().int(),
  channel: z.enum(['mail', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  /** The last delivery error (a mail sent late keeps the one that held it back). */
  error: z.string().nullable(),
  createTime: z.string(),
  /** Mail: SMTP attempts so far; null for SMS (sent once, by the gateway). */
  attempts: z.number().int().nullable(),
  /** Mail still queued: when the next attempt is due. */
  nextAttemptTime: z.string().nullable(),
  /** Mail: when the SMTP server took it. */
  sentTime: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export const outboxPageSchema = pageOf(outboxEntrySchema);
export const OUTBOX_PERMISSION = 'sysOutbox:page';
