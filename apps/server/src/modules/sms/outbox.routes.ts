import { OUTBOX_PERMISSION, outboxPageSchema, outboxQuerySchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requirePermission, requireSession } from '../../plugins/authenticate';
import { auditRequest } from '../audit/audit.service';

/**
 * Staff: the mail and SMS outbox (permission sysOutbox:page, its own code). Codes and links are
 * masked for every reader (secret-mask.ts): support sees that a mail went out, never a live
 * secret; every read is audited.
 */
export async function outboxRoutes(app: FastifyInstance) {
  await requireSession(app);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/sysMessage/outbox',
    {
      schema: {
        tags: ['system'],
        summary: 'Mail and SMS the portal sent, newest first (staff)',
        security: [{ bearer: [] }],
        querystring: outboxQuerySchema,
        response: responses(outboxPageSchema, [400, ...AUTH_ERRORS]),
      },
      preHandler: requirePermission(app, OUTBOX_PERMISSION),
    },
    async (request) => {
      const page = await app.services.outbox.page(
        request.query.channel,
        request.query.pageNo,
        request.query.pageSize,
      );
      // Messages to other people, even masked, are personal data: every read is recorded.
      await auditRequest(
        app,
        request,
        'outbox.read',
        { type: 'outbox', id: request.query.channel },
        { pageNo: request.query.pageNo, rows: page.rows.length },
      );
      return ok(request, page);
    },
  );
}
