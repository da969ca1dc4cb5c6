import {
  DEVICE_GRANT_TYPE,
  deviceApproveSchema,
  deviceCodeRequestSchema,
  deviceCodeSchema,
  deviceDecisionSchema,
  deviceRequestSchema,
  deviceTokenErrorSchema,
  deviceTokenRequestSchema,
  deviceTokenSchema,
  deviceUserCodeSchema,
  errorEnvelopeSchema,
  scopesOfText,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requireSession, sessionOf } from '../../plugins/authenticate';

const tags = ['device sign-in'];
const security = [{ bearer: [] }];

/**
 * The two anonymous endpoints of RFC 8628 a command-line client calls. They answer the RFC's
 * JSON (no envelope), take JSON or the RFC's form encoding, and never touch an account's sign-in
 * lock: a client gets a token only after a signed-in person approved its code in the console.
 */
export async function deviceClientRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { deviceAuth } = app.services;
  // RFC 8628 clients send application/x-www-form-urlencoded (this plugin's routes only).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  routes.post(
    '/api/device/code',
    {
      schema: {
        tags,
        summary:
          'RFC 8628 device authorization request: a device code to poll with and a user code to approve in the console',
        body: deviceCodeRequestSchema,
        response: {
          200: deviceCodeSchema,
          400: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
          500: errorEnvelopeSchema,
        },
      },
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    },
    async (request) =>
      deviceAuth.request({
        clientId: request.body.client_id,
        clientHost: request.body.client_host ?? '',
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        requestedScopes: scopesOfText(request.body.scope),
        requestedDays: request.body.expires_in_days,
      }),
  );

  routes.post(
    '/api/device/token',
    {
      schema: {
        tags,
        summary:
          'RFC 8628 device access token request: authorization_pending, slow_down, access_denied or expired_token until approved, then the token once',
        body: deviceTokenRequestSchema,
        response: {
          200: deviceTokenSchema,
          400: z.union([deviceTokenErrorSchema, errorEnvelopeSchema]),
          409: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
          500: errorEnvelopeSchema,
        },
      },
      // A client polls every 5 s; many clients may share an address (NAT).
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      if (request.body.grant_type !== DEVICE_GRANT_TYPE)
        return reply.code(400).send({ error: 'unsupported_grant_type' });
      const answer = await deviceAuth.poll(request.body.device_code);
      // RFC 6749 §5.1: token answers are never cached.
      reply.header('cache-control', 'no-store');
      if ('error' in answer) return reply.code(400).send(answer.error);
      return answer.token;
    },
  );
}

/**
 * The console's side: a signed-in person looks a user code up (who asks, from where), then
 * approves it with the token they choose or denies it. Wrong codes are counted per account.
 */
export async function deviceApprovalRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { deviceAuth } = app.services;
  const limit = { rateLimit: { max: 30, timeWindow: 60_000 } };

  routes.post(
    '/api/device/lookup',
    {
      schema: {
        tags,
        summary: 'The client asking under a user code (program, host, address, time), before approving it',
        security,
        body: deviceUserCodeSchema,
        response: responses(deviceRequestSchema, [400, 404, 429, ...AUTH_ERRORS]),
      },
      config: limit,
    },
    async (request) =>
      ok(request, await deviceAuth.describe(sessionOf(request).userId, request.body.userCode)),
  );

  routes.post(
    '/api/device/approve',
    {
      schema: {
        tags,
        summary:
          'Approve a user code: its client gets a personal access token of my account with these scopes',
        security,
        body: deviceApproveSchema,
        response: responses(deviceDecisionSchema, [400, 404, 409, 429, ...AUTH_ERRORS]),
      },
      config: limit,
    },
    async (request) => {
      const { userCode, token } = request.body;
      return ok(request, { approved: await deviceAuth.decide(sessionOf(request).userId, userCode, token) });
    },
  );

  routes.post(
    '/api/device/deny',
    {
      schema: {
        tags,
        summary: 'Deny a user code: its client is told access_denied',
        security,
        body: deviceUserCodeSchema,
        response: responses(deviceDecisionSchema, [400, 404, 429, ...AUTH_ERRORS]),
      },
      config: limit,
    },
    async (request) =>
      ok(request, {
        approved: await deviceAuth.decide(sessionOf(request).userId, request.body.userCode, undefined),
      }),
  );
}
