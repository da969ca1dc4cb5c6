import {
  dictNodeSchema,
  emailCodeQuerySchema,
  INDUSTRY_DICT_CODE,
  registerBodySchema,
  registerQuerySchema,
  registerResultSchema,
  smsCodeQuerySchema,
  snLookupQuerySchema,
  snLookupSchema,
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
/** The schema of the two routes that send a registration code: by mail and by SMS. */
const sendCodeSchema = <Query extends z.ZodType>(summary: string, querystring: Query) => ({
  tags: ['registration'],
  summary,
  querystring,
  response: responses(verifyCodeSentSchema, [400, 429, 502]),
});

/** Public registration: the form's data, verification codes, the SN check and the account itself. */
export async function registrationRoutes(app: FastifyInstance, config: Config) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { registration, serials, database } = app.services;

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

  routes.get(
    '/api/auth/emailCode',
    {
      schema: sendCodeSchema(
        'Mail a registration code to an address (captcha answer in `code`; same answer whether or not it is registered)',
        emailCodeQuerySchema,
      ),
      config: { rateLimit: { max: 10, timeWindow: HOUR } },
    },
    async (request, reply) => {
      await requireCaptcha(app, config.CAPTCHA, request, reply, request.query.code);
      return ok(request, await registration.sendEmailCode(request.query.email, request.locale));
    },
  );

  routes.get(
    '/api/getSmsCaptcha',
    {
      schema: sendCodeSchema(
        'Send a registration code by SMS (captcha answer in `code`; through the configured SMS driver)',
        smsCodeQuerySchema,
      ),
      config: { rateLimit: { max: 10, timeWindow: HOUR } },
    },
    async (request, reply) => {
      await requireCaptcha(app, config.CAPTCHA, request, reply, request.query.code);
      return ok(request, await registration.sendSmsCode(request.query.phone, request.locale));
    },
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
