import { loginUserSchema, menuChangeBodySchema, menuNodeSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requireSession, sessionOf } from '../../plugins/authenticate';

export async function accessRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/getLoginUser',
    {
      schema: {
        tags: ['access'],
        summary: 'The signed-in user with apps, roles, permissions and the menus of the active app',
        security: [{ bearer: [] }],
        response: responses(loginUserSchema, AUTH_ERRORS),
      },
    },
    async (request) =>
      ok(request, await app.services.access.loginUser(sessionOf(request).userId, request.locale)),
  );

  routes.post(
    '/api/sysMenu/change',
    {
      schema: {
        tags: ['access'],
        summary: 'Switch the active application; answers its menus (flat list) for this user',
        security: [{ bearer: [] }],
        body: menuChangeBodySchema,
        response: responses(z.array(menuNodeSchema), [400, ...AUTH_ERRORS]),
      },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      return ok(
        request,
        await app.services.access.changeApplication(userId, request.body.application, request.locale),
      );
    },
  );
}
