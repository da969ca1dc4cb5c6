import {
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookParamsSchema,
  webhookSchema,
  webhookUpdateSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, recordRouteSchema, responses } from '../../lib/route-schemas';
import { requireSession, sessionOf } from '../../plugins/authenticate';

const security = [{ bearer: [] }];
const tags = ['webhooks'];
const webhookRoute = recordRouteSchema({ tags, security, params: webhookParamsSchema });

/**
 * Account settings -> webhooks: the owner's own, with a console session only (no access token);
 * anyone else's webhook answers 404 as if it did not exist.
 */
export async function webhookRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { webhooks } = app.services;

  routes.get(
    '/api/sysUser/webhooks',
    {
      schema: {
        tags,
        summary: 'My webhooks, oldest first, each with its newest delivery (never the secret)',
        security,
        response: responses(webhookListSchema, AUTH_ERRORS),
      },
    },
    async (request) => ok(request, await webhooks.list(sessionOf(request).userId)),
  );

  routes.post(
    '/api/sysUser/webhooks',
    {
      schema: {
        tags,
        summary:
          'Create a webhook (http(s) to a public host, at most 10 per account); the signing secret is answered once',
        security,
        body: webhookCreateSchema,
        response: responses(webhookCreatedSchema, [400, 409, 429, ...AUTH_ERRORS]),
      },
      // Each creation resolves a host name: bounded per address, loose enough for scripted set-ups.
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request) => ok(request, await webhooks.create(sessionOf(request).userId, request.body)),
  );

  routes.put(
    '/api/sysUser/webhooks/:id',
    {
      schema: webhookRoute('Change the events of one of my webhooks, or switch it on or off', {
        body: webhookUpdateSchema,
        answer: webhookSchema,
      }),
    },
    async (request) =>
      ok(request, await webhooks.update(sessionOf(request).userId, request.params.id, request.body)),
  );

  routes.delete(
    '/api/sysUser/webhooks/:id',
    {
      schema: webhookRoute('Delete one of my webhooks and its delivery log', { answer: webhookSchema }),
    },
    async (request) => ok(request, await webhooks.remove(sessionOf(request).userId, request.params.id)),
  );

  routes.get(
    '/api/sysUser/webhooks/:id/deliveries',
    {
      schema: webhookRoute(
        'The delivery log of one of my webhooks, newest first: status, attempts, last answer',
        { querystring: webhookDeliveryQuerySchema, answer: webhookDeliveryPageSchema },
      ),
    },
    async (request) =>
      ok(request, await webhooks.deliveries(sessionOf(request).userId, request.params.id, request.query)),
  );

  routes.post(
    '/api/sysUser/webhooks/:id/ping',
    {
      schema: webhookRoute(
        'Queue a test event (ping) to one of my webhooks; its delivery appears in the log',
        { answer: webhookDeliverySchema, alsoFails: [429] },
      ),
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    },
    async (request) => ok(request, await webhooks.ping(sessionOf(request).userId, request.params.id)),
  );
}
