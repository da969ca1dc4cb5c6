import { z } from 'zod';
import { pageOf, pageQuerySchema } from './paging';

/** Staff permission to read the audit log (application `system`). */
export const AUDIT_PERMISSION = 'sysAudit:page';

/** GET /api/sysAudit/page: newest first; every filter optional. */
export const auditQuerySchema = pageQuerySchema.extend({
  /** Actor account, action or target id containing this text. */
  q: z.string().trim().max(64).optional(),
  action: z.string().trim().max(64).optional(),
  targetType: z.string().trim().max(32).optional(),
  /** ISO dates (inclusive day range, UTC). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorAccount: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createTime: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);
