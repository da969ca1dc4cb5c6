import {
  dictNodeSchema,
  emailCodeQuerySchema,
  INDUSTRY_DICT_CODE,
  type Locale,
  registerBodySchema,
  registerQuerySchema,
  registerResultSchema,
  smsCodeQuerySchema,
  snLookupQuerySchema,
  snLookupSchema,
  type VerifyCodeSent,
  verifyCodeSentSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { ok } from '../../lib/reply';
import { responses } from '../../lib/route-schemas';
import { requireCaptcha } from '../captcha/captcha-check';
import { dictValuesOf } from '../dict/dict.service';

const HOUR = 3_600_000;

/** Public registration: the form's data, verification codes, the SN check and the account itself. */
export async function registrationRoutes(app: FastifyInstance, config: Config) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { registration, serials, database } = app.services;
  /** The two routes that send a registration code (by mail, by SMS) differ only in the query and the sender. */
  const sendCodeRoute = <Query extends { code?: string }>(
    url: string,
    summary: string,
    querystring: z.ZodType<Query>,
    send: (query: Query, locale: Locale) => Promise<VerifyCodeSent>,
  ) =>
    routes.get(
      url,
      {
        schema: {
          tags: ['registration'],
          summary,
          querystring,
          response: responses(verifyCodeSentSchema, [400, 429, 502]),
        },
        config: { rateLimit: { max: 10, timeWindow: HOUR } },
      },
      async (request, reply) => {
        // Validated against `querystring`; the type provider cannot name a generic schema's output.
        const query = request.query as Query;
        await requireCaptcha(app, config.CAPTCHA, request, reply, query.code);
        return ok(request, await send(query, request.locale));
      },
    );

  routes.get(
    '/api/auth/industries',
    {
      schema: {
        tags: ['registration'],
        summary: 'The industries a new account chooses from (spec 1)',
        response: responses(z.array(dictNodeSchema)),
      },
    },
    async (request) => ok(request, await dictValuesOf(database.db, INDUSTRY_DICT_CODE, request.locale)),
  );

  sendCodeRoute(
    '/api/auth/emailCode',
    'Mail a registration code to an address (captcha answer in `code`; same answer whether or not it is registered)',
    emailCodeQuerySchema,
    (query, locale) => registration.sendEmailCode(query.email, locale),
  );

  sendCodeRoute(
    '/api/getSmsCaptcha',
    'Send a registration code by SMS (captcha answer in `code`; through the configured SMS driver)',
    smsCodeQuerySchema,
    (query, locale) => registration.sendSmsCode(query.phone, locale),
  );

  routes.get(
    '/api/v1/auth/register/sn',
    {
      schema: {
        tags: ['registration'],
        summary: 'Can this server serial number be registered (nothing else is told; rate-limited)',
        querystring: snLookupQuerySchema,
        response: responses(snLookupSchema, [400, 429]),
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) => ok(request, await serials.lookup(request.query.sn)),
  );

  routes.post(
    '/api/auth/register',
    {
      schema: {
        tags: ['registration'],
        summary:
          'Create an account (captcha answer in `code`; email code, and SMS code when a phone is given)',
        querystring: registerQuerySchema,
        body: registerBodySchema,
        response: responses(registerResultSchema, [400, 404, 409, 429]),
      },
      config: { rateLimit: { max: 10, timeWindow: HOUR } },
    },
    async (request, reply) => {
      await requireCaptcha(app, config.CAPTCHA, request, reply, request.query.code);
      return ok(request, await registration.register(request.body, request.locale));
    },
  );
}
