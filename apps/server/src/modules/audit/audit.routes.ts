import { AUDIT_PERMISSION, auditPageSchema, auditQuerySchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requirePermission, requireSession } from '../../plugins/authenticate';

/** Staff (sysAudit:page): search the audit log. */
export async function auditRoutes(app: FastifyInstance) {
  await requireSession(app);
  app.addHook('onRequest', requirePermission(app, AUDIT_PERMISSION));
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/sysAudit/page',
    {
      schema: {
        tags: ['system'],
        summary: 'Audit log, newest first, searchable by actor, action, target and day range',
        security: [{ bearer: [] }],
        querystring: auditQuerySchema,
        response: responses(auditPageSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) => ok(request, await app.services.audit.page(request.query, request.locale)),
  );
}
