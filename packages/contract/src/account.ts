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
export const outboxEntrySchema = z.object({
  id: z.number().int(),
  channel: z.enum(['mail', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  createTime: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export const outboxPageSchema = pageOf(outboxEntrySchema);
export const OUTBOX_PERMISSION = 'sysOutbox:page';
