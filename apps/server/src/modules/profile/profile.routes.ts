import {
  bindEmailBodySchema,
  bindPhoneBodySchema,
  displayPreferencesSchema,
  emailCodeQuerySchema,
  notificationSettingsSchema,
  profileSchema,
  smsCodeQuerySchema,
  storedPreferencesSchema,
  updateProfileBodySchema,
  verifyCodeSentSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requireSession, sessionOf } from '../../plugins/authenticate';

const security = [{ bearer: [] }];
const HOUR = 3_600_000;

/** Account settings of the signed-in user: base, bound email/phone, custom, notification. */
export async function profileRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { profile } = app.services;
  const me = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).userId;

  routes.get(
    '/api/sysUser/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'My base information',
        security,
        response: responses(profileSchema, AUTH_ERRORS),
      },
    },
    async (request) => ok(request, await profile.profile(me(request))),
  );

  routes.post(
    '/api/sysUser/updateInfo',
    {
      schema: {
        tags: ['account'],
        summary: 'Change my nickname, name, company, industry and language',
        security,
        body: updateProfileBodySchema,
        response: responses(profileSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) => ok(request, await profile.update(me(request), request.body, request.locale)),
  );

  routes.get(
    '/api/sysUser/emailCode',
    {
      schema: {
        tags: ['account'],
        summary: 'Mail a code to a new address I want to bind',
        security,
        querystring: emailCodeQuerySchema,
        response: responses(verifyCodeSentSchema, [400, 429, 502, ...AUTH_ERRORS]),
      },
      config: { rateLimit: { max: 10, timeWindow: HOUR } },
    },
    async (request) =>
      ok(request, await profile.sendEmailCode(me(request), request.query.email, request.locale)),
  );

  routes.post(
    '/api/sysUser/bindEmail',
    {
      schema: {
        tags: ['account'],
        summary: 'Bind a new email address with the code mailed to it',
        security,
        body: bindEmailBodySchema,
        response: responses(profileSchema, [400, 409, ...AUTH_ERRORS]),
      },
      config: { rateLimit: { max: 20, timeWindow: HOUR } },
    },
    async (request) =>
      ok(request, await profile.bindEmail(me(request), request.body.email, request.body.code)),
  );

  routes.get(
    '/api/sysUser/smsCode',
    {
      schema: {
        tags: ['account'],
        summary: 'Send a code by SMS to a new phone number I want to bind',
        security,
        querystring: smsCodeQuerySchema,
        response: responses(verifyCodeSentSchema, [400, 429, 502, ...AUTH_ERRORS]),
      },
      config: { rateLimit: { max: 10, timeWindow: HOUR } },
    },
    async (request) =>
      ok(request, await profile.sendSmsCode(me(request), request.query.phone, request.locale)),
  );

  routes.post(
    '/api/sysUser/bindPhone',
    {
      schema: {
        tags: ['account'],
        summary: 'Bind a new phone number with the SMS code',
        security,
        body: bindPhoneBodySchema,
        response: responses(profileSchema, [400, ...AUTH_ERRORS]),
      },
      config: { rateLimit: { max: 20, timeWindow: HOUR } },
    },
    async (request) =>
      ok(request, await profile.bindPhone(me(request), request.body.phone, request.body.code)),
  );

  routes.get(
    '/api/sysUser/preferences',
    {
      schema: {
        tags: ['account'],
        summary: 'My saved display settings (null until saved once)',
        security,
        response: responses(storedPreferencesSchema, AUTH_ERRORS),
      },
    },
    async (request) => ok(request, await profile.preferences(me(request))),
  );

  routes.put(
    '/api/sysUser/preferences',
    {
      schema: {
        tags: ['account'],
        summary: 'Save my display settings so they follow me to other browsers',
        security,
        body: displayPreferencesSchema,
        response: responses(displayPreferencesSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) => ok(request, await profile.savePreferences(me(request), request.body)),
  );

  routes.get(
    '/api/sysUser/notificationSettings',
    {
      schema: {
        tags: ['account'],
        summary: 'Which notices I receive, in the portal and by email',
        security,
        response: responses(notificationSettingsSchema, AUTH_ERRORS),
      },
    },
    async (request) => ok(request, await profile.notificationSettings(me(request))),
  );

  routes.put(
    '/api/sysUser/notificationSettings',
    {
      schema: {
        tags: ['account'],
        summary: 'Save which notices I receive',
        security,
        body: notificationSettingsSchema,
        response: responses(notificationSettingsSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) => ok(request, await profile.saveNotificationSettings(me(request), request.body)),
  );
}
