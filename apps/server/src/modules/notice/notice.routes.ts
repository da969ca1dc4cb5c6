import {
  noticeListQuerySchema,
  noticePageSchema,
  noticeReadBodySchema,
  noticeReadResultSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requireSession, sessionOf } from '../../plugins/authenticate';

export async function noticeRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/notices',
    {
      schema: {
        tags: ['notices'],
        summary: "The signed-in user's notices, newest first, with the unread count",
        security: [{ bearer: [] }],
        querystring: noticeListQuerySchema,
        response: responses(noticePageSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) =>
      ok(request, await app.services.notices.list(sessionOf(request).userId, request.query, request.locale)),
  );

  routes.post(
    '/api/notices/read',
    {
      schema: {
        tags: ['notices'],
        summary: 'Mark some (ids) or all (all: true) of your notices read',
        security: [{ bearer: [] }],
        body: noticeReadBodySchema,
        response: responses(noticeReadResultSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) =>
      ok(request, await app.services.notices.markRead(sessionOf(request).userId, request.body)),
  );
}
