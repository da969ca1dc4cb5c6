import { loginBodySchema, loginQuerySchema, loginResultSchema } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requireSession, sessionOf } from '../../plugins/authenticate';
import { CAPTCHA_COOKIE } from '../captcha/captcha.routes';

const clientMeta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500),
  locale: request.locale,
});

export async function authRoutes(app: FastifyInstance, config: Config) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with account and password (and the captcha answer in `code`)',
        querystring: loginQuerySchema,
        body: loginBodySchema,
        response: responses(loginResultSchema, [400, 401, 403, 423, 429]),
      },
      config: { rateLimit: { max: config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const captchaId = request.cookies[CAPTCHA_COOKIE];
      const checkCaptcha = config.CAPTCHA
        ? async () => {
            reply.clearCookie(CAPTCHA_COOKIE, { path: '/api' });
            if (!(await app.services.captcha.verify(captchaId, request.query.code))) {
              throw new AppError('CAPTCHA_WRONG');
            }
          }
        : undefined;
      const token = await app.services.login.login({
        ...request.body,
        ...clientMeta(request),
        checkCaptcha,
      });
      return ok(request, { token });
    },
  );

  await app.register(async (scope) => {
    await requireSession(scope);
    scope.withTypeProvider<ZodTypeProvider>().get(
      '/api/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign out: the token stops working at once',
          security: [{ bearer: [] }],
          response: responses(z.null(), AUTH_ERRORS),
        },
      },
      async (request) => {
        const { sessionId, userId } = sessionOf(request);
        await app.services.sessions.revoke(sessionId);
        await app.services.login.recordLogout(userId, clientMeta(request));
        return ok(request, null);
      },
    );
  });
}
