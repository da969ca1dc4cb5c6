import {
  staffWebhookDeliveryPageSchema,
  staffWebhookListSchema,
  staffWebhookSchema,
  USER_EDIT_PERMISSION,
  USER_PAGE_PERMISSION,
  userTokenParamsSchema,
  userTokensParamsSchema,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookParamsSchema,
  webhookSchema,
  webhookUpdateSchema,
  WEBHOOK_PINGS_PER_HOUR,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, recordRouteSchema, responses } from '../../lib/route-schemas';
import { requirePermission, requireSession, sessionOf } from '../../plugins/authenticate';

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
        `Queue a test event (ping) to one of my webhooks that is switched on (409 otherwise), at most ${WEBHOOK_PINGS_PER_HOUR} an hour (429); its delivery appears in the log`,
        { answer: webhookDeliverySchema, alsoFails: [409, 429] },
      ),
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    },
    async (request) => ok(request, await webhooks.ping(sessionOf(request).userId, request.params.id)),
  );
}

/**
 * Support -> a user's webhooks (users page): staff with sysUser:page see where each posts (origin
 * only) and how its deliveries went; with sysUser:edit they switch one off, audited. They never
 * read its full URL or secret, nor point it elsewhere. A super admin's only for super admins.
 */
export async function staffWebhookRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { usersAdmin, audit } = app.services;
  const staff = async (request: FastifyRequest) => ({
    ...(await audit.actorOf(request)),
    userId: sessionOf(request).userId,
  });

  routes.get(
    '/api/sysUser/:userId/webhooks',
    {
      schema: {
        tags,
        summary: "Staff: a user's webhooks by origin, with their newest delivery (sysUser:page)",
        security,
        params: userTokensParamsSchema,
        response: responses(staffWebhookListSchema, [400, 404, ...AUTH_ERRORS]),
      },
      onRequest: requirePermission(app, USER_PAGE_PERMISSION),
    },
    async (request) => ok(request, await usersAdmin.webhooks(await staff(request), request.params.userId)),
  );

  routes.get(
    '/api/sysUser/:userId/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary:
          "Staff: the delivery log of a user's webhook, newest first, without bodies; a refusal by origin only (sysUser:page)",
        security,
        params: userTokenParamsSchema,
        querystring: webhookDeliveryQuerySchema,
        response: responses(staffWebhookDeliveryPageSchema, [400, 404, ...AUTH_ERRORS]),
      },
      onRequest: requirePermission(app, USER_PAGE_PERMISSION),
    },
    async (request) => {
      const { userId, id } = request.params;
      return ok(request, await usersAdmin.webhookDeliveries(await staff(request), userId, id, request.query));
    },
  );

  routes.post(
    '/api/sysUser/:userId/webhooks/:id/off',
    {
      schema: {
        tags,
        summary: "Staff: switch a user's webhook off (sysUser:edit); audited",
        security,
        params: userTokenParamsSchema,
        response: responses(staffWebhookSchema, [400, 404, ...AUTH_ERRORS]),
      },
      onRequest: requirePermission(app, USER_EDIT_PERMISSION),
    },
    async (request) => {
      const { userId, id } = request.params;
      return ok(request, await usersAdmin.disableWebhook(await staff(request), userId, id));
    },
  );
}
