import type { AuditAction } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../lib/reply';
import { type AuditTarget, auditRequest } from './audit.service';

/**
 * How a staff route module answers a change to one of its records: `describe` says which record an
 * answer is (its audit target) and the detail every entry about it carries. The function returned
 * audits `action` (with the call's own `detail` added) after the change is made and before it is
 * answered.
 */
export function recordAuditor<T>(
  app: FastifyInstance,
  describe: (answer: T) => { target: AuditTarget; detail: Record<string, unknown> },
) {
  return async (
    request: FastifyRequest,
    action: AuditAction,
    answer: T,
    detail: Record<string, unknown> = {},
  ) => {
    const record = describe(answer);
    await auditRequest(app, request, action, record.target, { ...record.detail, ...detail });
    return ok(request, answer);
  };
}
