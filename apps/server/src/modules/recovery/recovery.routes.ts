import {
  recoverBodySchema,
  recoverSentSchema,
  registerQuerySchema,
  resetPasswordBodySchema,
  resetTokenQuerySchema,
  resetTokenStateSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { ok } from '../../lib/reply';
import { responses } from '../../lib/route-schemas';
import { requireCaptcha } from '../captcha/captcha-check';

const QUARTER_HOUR = 15 * 60_000;

/** Password recovery by a single-use mailed link. */
export async function recoveryRoutes(app: FastifyInstance, config: Config) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { recovery } = app.services;

  routes.post(
    '/api/auth/recover',
    {
      schema: {
        tags: ['recovery'],
        summary:
          'Mail a password link to the account (by account name or email); the answer never says whether it exists',
        querystring: registerQuerySchema,
        body: recoverBodySchema,
        response: responses(recoverSentSchema, [400, 429]),
      },
      config: { rateLimit: { max: 5, timeWindow: QUARTER_HOUR } },
    },
    async (request, reply) => {
      await requireCaptcha(app, config.CAPTCHA, request, reply, request.query.code);
      return ok(request, await recovery.request(request.body.account, request.locale, request.ip));
    },
  );

  routes.get(
    '/api/auth/recover/check',
    {
      schema: {
        tags: ['recovery'],
        summary: 'Is this password link still usable',
        querystring: resetTokenQuerySchema,
        response: responses(resetTokenStateSchema, [400, 429]),
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) => ok(request, await recovery.check(request.query.token)),
  );

  routes.post(
    '/api/auth/recover/reset',
    {
      schema: {
        tags: ['recovery'],
        summary: 'Set a new password with a password link; every session of the account ends',
        body: resetPasswordBodySchema,
        response: responses(z.null(), [400, 410, 429]),
      },
      config: { rateLimit: { max: 10, timeWindow: QUARTER_HOUR } },
    },
    async (request) => {
      await recovery.reset(request.body, request.ip);
      return ok(request, null);
    },
  );
}
