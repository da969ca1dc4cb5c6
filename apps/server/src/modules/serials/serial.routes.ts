import { bindSnBodySchema, unbindSnParamsSchema, verificationSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requireSession, sessionOf } from '../../plugins/authenticate';

const security = [{ bearer: [] }];

/** The signed-in user's bound server serial numbers. */
export async function serialRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { serials } = app.services;

  routes.get(
    '/api/auth/verification',
    {
      config: { tokenScope: 'catalog:read' },
      schema: {
        tags: ['serial numbers'],
        summary: 'My bound serial numbers and their verification state',
        security,
        response: responses(verificationSchema, AUTH_ERRORS),
      },
    },
    async (request) => ok(request, await serials.verification(sessionOf(request).userId, request.locale)),
  );

  routes.post(
    '/api/auth/bindSn',
    {
      schema: {
        tags: ['serial numbers'],
        summary: 'Bind up to 10 serial numbers (array or comma separated) to my account',
        security,
        body: bindSnBodySchema,
        response: responses(verificationSchema, [400, 404, ...AUTH_ERRORS]),
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) =>
      ok(request, await serials.bind(sessionOf(request).userId, request.body.sn, request.locale)),
  );

  routes.delete(
    '/api/auth/bindSn/:sn',
    {
      schema: {
        tags: ['serial numbers'],
        summary: 'Remove a serial number from my account',
        security,
        params: unbindSnParamsSchema,
        response: responses(verificationSchema, [404, ...AUTH_ERRORS]),
      },
    },
    async (request) =>
      ok(request, await serials.unbind(sessionOf(request).userId, request.params.sn, request.locale)),
  );
}
