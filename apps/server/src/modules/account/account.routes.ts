import {
  loginRecordPageSchema,
  loginRecordQuerySchema,
  modifyPasswordBodySchema,
  revokeSessionsBodySchema,
  revokeSessionsResultSchema,
  sessionInfoSchema,
  verifyCodeSentSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requireSession, sessionOf } from '../../plugins/authenticate';

const security = [{ bearer: [] }];

/** The signed-in user's own account: password change, sign-in history, open sessions. */
export async function accountRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { passwordChange, accountHistory } = app.services;

  routes.get(
    '/api/sysUser/getVerifyCode',
    {
      schema: {
        tags: ['account'],
        summary: "Mail a code for changing the password to the account's email address",
        security,
        response: responses(verifyCodeSentSchema, [400, 429, ...AUTH_ERRORS]),
      },
      config: { rateLimit: { max: 10, timeWindow: 3_600_000 } },
    },
    async (request) => ok(request, await passwordChange.sendCode(sessionOf(request).userId, request.locale)),
  );

  routes.post(
    '/api/sysUser/modifyPwd',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the password (current password + mailed code); other sessions are signed out',
        security,
        body: modifyPasswordBodySchema,
        response: responses(z.null(), [400, 429, ...AUTH_ERRORS]),
      },
      config: { rateLimit: { max: 20, timeWindow: 3_600_000 } },
    },
    async (request) => {
      await passwordChange.change(sessionOf(request), request.body);
      return ok(request, null);
    },
  );

  routes.get(
    '/api/sysUser/loginRecords',
    {
      schema: {
        tags: ['account'],
        summary: 'My sign-in and sign-out records, newest first',
        security,
        querystring: loginRecordQuerySchema,
        response: responses(loginRecordPageSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) =>
      ok(
        request,
        await accountHistory.loginRecords(sessionOf(request).userId, request.query, request.locale),
      ),
  );

  routes.get(
    '/api/sysUser/sessions',
    {
      schema: {
        tags: ['account'],
        summary: 'My open sessions (device, IP, time)',
        security,
        response: responses(z.array(sessionInfoSchema), AUTH_ERRORS),
      },
    },
    async (request) => ok(request, await accountHistory.openSessions(sessionOf(request))),
  );

  routes.post(
    '/api/sysUser/sessions/revoke',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out one of my sessions (id) or all the others (allOthers)',
        security,
        body: revokeSessionsBodySchema,
        response: responses(revokeSessionsResultSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) =>
      ok(request, { revoked: await accountHistory.revoke(sessionOf(request), request.body) }),
  );
}
