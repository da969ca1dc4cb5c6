import { z } from 'zod';
import { pageOf, pageQuerySchema } from './paging';

/** Staff permission to read the audit log (application `system`). */
export const AUDIT_PERMISSION = 'sysAudit:page';

/** Every action the audit log records: the console names each in both languages. */
export const AUDIT_ACTIONS = [
  'login.failure',
  'menu.create',
  'menu.update',
  'menu.delete',
  'role.create',
  'role.update',
  'role.delete',
  'role.grant',
  'user.create',
  'user.update',
  'user.freeze',
  'user.unfreeze',
  'user.unlock',
  'user.grantRoles',
  'user.resetPassword',
  'user.requestRecovery',
  'user.recoverPassword',
  'user.bindSerials',
  'user.unbindSerial',
  'user.assignOrganisation',
  'user.revokeApiToken',
  'user.disableWebhook',
  'releaseNote.create',
  'releaseNote.update',
  'releaseNote.delete',
  'dict.type.create',
  'dict.type.update',
  'dict.type.delete',
  'dict.value.create',
  'dict.value.update',
  'dict.value.delete',
  'entitlement.create',
  'entitlement.update',
  'entitlement.delete',
  'item.create',
  'item.update',
  'outbox.read',
  'version.upload',
  'version.publish',
  'version.recall',
  'version.notes',
  'version.preRelease',
  'version.updatePlan',
  'version.deleteDraft',
  /** An SBOM attached to a version (or replaced), or removed (issue 43). */
  'version.sbom',
  'version.sbomRemove',
  'advisory.create',
  'advisory.update',
  'advisory.submit',
  'advisory.approve',
  'advisory.reject',
  /** The announcer did not publish an advisory's held fix: its approver no longer may publish firmware. */
  'advisory.withholdFix',
  /** PSIRT (issue 43): CRA Art. 14 cases, their reports, model support periods, disclosure reports. */
  'psirt.art14.open',
  'psirt.art14.update',
  'psirt.art14.submit',
  'psirt.art14.export',
  'model.supportEnd',
  'version.removeSecurityFix',
  'psirt.report.update',
  /** A PSIRT member read an encrypted report's text (decrypted on demand, never stored). */
  'psirt.report.decrypt',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit entry is about. */
export const AUDIT_TARGET_TYPES = [
  'account',
  'user',
  'role',
  'menu',
  'dictType',
  'dictValue',
  'entitlement',
  'item',
  'version',
  'outbox',
  'releaseNote',
  'notice',
  'advisory',
  'art14Case',
  'model',
  'psirtReport',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

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
  /**
   * What the codes and ids in `detail` are called in the reader's language, by detail key:
   * `roles` and a role's `code` (role codes), `permissionCodes`, `menuIds` (issue 18 §3: names,
   * never codes like `license:manage`). A code no longer known keeps no name.
   */
  names: z.record(z.string(), z.record(z.string(), z.string())).optional(),
  ip: z.string().nullable(),
  createTime: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);
