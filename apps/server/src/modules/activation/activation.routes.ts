import {
  ACTIVATION_PERMISSION,
  activationHistoryQuerySchema,
  activationPageSchema,
  activationRequestSchema,
  activationSchema,
  entitlementQuerySchema,
  entitlementSchema,
  idParamsSchema,
  LICENCE_PUBLIC_KEY_PATH,
  type Locale,
  maintenanceRemainSchema,
  remainingNodesSchema,
  trialRequestSchema,
  verifyCodeSentSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requirePermission, requireSession, sessionOf } from '../../plugins/authenticate';

const security = [{ bearer: [] }];
const tags = ['activation'];
/** The schema of a question about one product on one of my servers: remaining nodes, maintenance. */
const productOnServerSchema = (summary: string, answer: z.ZodType) => ({
  tags,
  summary,
  security,
  querystring: entitlementQuerySchema,
  response: responses(answer, [400, 404, ...AUTH_ERRORS]),
});

/** The licence public key: anyone may verify an activation code offline. */
export async function licenceKeyRoutes(app: FastifyInstance) {
  app.get(
    LICENCE_PUBLIC_KEY_PATH,
    {
      schema: { tags, summary: 'Public key (SPKI PEM) that verifies activation codes' },
      config: { publicRoute: true },
    },
    async (_request, reply) =>
      reply
        .type('application/x-pem-file')
        .header('cache-control', 'public, max-age=3600')
        .send(await app.services.activation.publicKeyPem()),
  );
}

/** A customer's activation codes (permission license:generate): codes, trials, queries, history. */
export async function activationRoutes(app: FastifyInstance) {
  await requireSession(app);
  app.addHook('onRequest', requirePermission(app, ACTIVATION_PERMISSION));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { activation } = app.services;
  const requester = (request: {
    auth: { userId: number; sessionId: number } | null;
    ip: string;
    locale: Locale;
  }) => ({
    userId: sessionOf(request).userId,
    ip: request.ip,
    locale: request.locale,
  });

  routes.get(
    '/api/activation/verifyCode',
    {
      schema: {
        tags,
        summary: "Mail a code for generating activation codes to the account's address",
        security,
        response: responses(verifyCodeSentSchema, [400, 429, ...AUTH_ERRORS]),
      },
      config: { tokenScope: 'licences', rateLimit: { max: 10, timeWindow: 3_600_000 } },
    },
    async (request) =>
      ok(
        request,
        await app.services.accountCodes.send('activation', sessionOf(request).userId, request.locale),
      ),
  );

  routes.post(
    '/api/activation/generate',
    {
      schema: {
        tags,
        summary: 'Generate an activation code (signed licence) against an entitlement I hold',
        security,
        body: activationRequestSchema,
        response: responses(activationSchema, [400, 404, 409, 429, ...AUTH_ERRORS]),
      },
      config: { tokenScope: 'licences', rateLimit: { max: 60, timeWindow: 3_600_000 } },
    },
    async (request) => ok(request, await activation.generate(requester(request), request.body)),
  );

  routes.post(
    '/api/activation/trial',
    {
      schema: {
        tags,
        summary: 'Request a time-limited trial licence',
        security,
        body: trialRequestSchema,
        response: responses(activationSchema, [400, 404, 409, 429, ...AUTH_ERRORS]),
      },
      config: { rateLimit: { max: 20, timeWindow: 3_600_000 } },
    },
    async (request) => ok(request, await activation.trial(requester(request), request.body)),
  );

  routes.get(
    '/api/activation/history',
    {
      config: { tokenScope: 'licences' },
      schema: {
        tags,
        summary: 'My activation codes, newest first',
        security,
        querystring: activationHistoryQuerySchema,
        response: responses(activationPageSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) =>
      ok(
        request,
        await activation.history(
          sessionOf(request).userId,
          request.query.pageNo,
          request.query.pageSize,
          request.locale,
        ),
      ),
  );

  routes.get(
    '/api/activation/entitlements',
    {
      config: { tokenScope: 'licences' },
      schema: {
        tags,
        summary: 'Entitlements covering servers I hold',
        security,
        response: responses(z.array(entitlementSchema), AUTH_ERRORS),
      },
    },
    async (request) => ok(request, await activation.entitlements(sessionOf(request).userId, request.locale)),
  );

  routes.get(
    '/api/activation/remaining',
    {
      config: { tokenScope: 'licences' },
      schema: productOnServerSchema(
        'Remaining authorised nodes of a product on one of my servers',
        remainingNodesSchema,
      ),
    },
    async (request) =>
      ok(
        request,
        await activation.remaining(sessionOf(request).userId, request.query.product, request.query.sn),
      ),
  );

  routes.get(
    '/api/activation/maintenance',
    {
      config: { tokenScope: 'licences' },
      schema: productOnServerSchema(
        'Maintenance time remaining of a product on one of my servers',
        maintenanceRemainSchema,
      ),
    },
    async (request) =>
      ok(
        request,
        await activation.maintenance(sessionOf(request).userId, request.query.product, request.query.sn),
      ),
  );

  routes.get(
    '/api/activation/:id/file',
    {
      schema: { tags, summary: 'One of my activation codes as a file', security, params: idParamsSchema },
      config: { tokenScope: 'licences' },
    },
    async (request, reply) => {
      const file = await activation.file(sessionOf(request).userId, request.params.id);
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
}
