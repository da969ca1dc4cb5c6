import { healthSchema, publicConfigSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { ok } from '../../lib/reply';
import { responses } from '../../lib/route-schemas';

const startedAt = Date.now();

/** Public, unauthenticated endpoints: health for probes, config for the sign-in page. */
export async function systemRoutes(app: FastifyInstance, config: Config) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: responses(healthSchema, [503]),
      },
    },
    async (request, reply) => {
      const databaseUp = await app.services.database.ping();
      const data = {
        status: databaseUp ? ('ok' as const) : ('degraded' as const),
        database: databaseUp ? ('up' as const) : ('down' as const),
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
      return reply.code(databaseUp ? 200 : 503).send({ ...ok(request, data), success: databaseUp });
    },
  );

  routes.get(
    '/api/config',
    {
      schema: {
        tags: ['system'],
        summary: 'What the sign-in page needs to know',
        response: responses(publicConfigSchema),
      },
    },
    async (request) =>
      ok(request, {
        captchaEnabled: config.CAPTCHA,
        tokenLinkOrigins: config.TOKEN_LINK_ORIGINS,
        portalName:
          request.locale === 'zh-CN' ? '服务器固件与软件下载门户' : 'Server Firmware & Software Portal',
      }),
  );
}
