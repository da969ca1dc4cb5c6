import { OUTBOX_PERMISSION, outboxPageSchema, outboxQuerySchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requirePermission, requireSession } from '../../plugins/authenticate';

/** Staff: the mail and SMS outbox (permission sysOutbox:page). */
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
    async (request) =>
      ok(
        request,
        await app.services.outbox.page(request.query.channel, request.query.pageNo, request.query.pageSize),
      ),
  );
}
