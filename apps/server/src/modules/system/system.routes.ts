import { healthSchema, publicConfigSchema, readinessSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { ReadinessLog } from '../../lib/readiness-log';
import { ok } from '../../lib/reply';
import { responses } from '../../lib/route-schemas';

const startedAt = Date.now();

/**
 * Public, unauthenticated endpoints: liveness and readiness for probes and load balancers,
 * config for the sign-in page. Liveness answers 200 while the process serves at all (restarting
 * a process does not bring a database back); readiness answers 503 while the database or the
 * file store is unreachable or the process is draining, so traffic goes to the others. Why a
 * dependency failed (credentials, network, timeout, full disk) is logged once per change.
 */
export async function systemRoutes(app: FastifyInstance, config: Config) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const readiness = new ReadinessLog(app.log);
  const database = app.services.database;
  const store = app.services.store;

  routes.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: 200 while the process serves (the database state is information only)',
        response: responses(healthSchema),
      },
    },
    async (request) => {
      const databaseUp = await readiness.probe('database', (onFailure) => database.ping(onFailure));
      return ok(request, {
        status: databaseUp ? ('ok' as const) : ('degraded' as const),
        database: databaseUp ? ('up' as const) : ('down' as const),
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      });
    },
  );

  routes.get(
    '/api/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: 503 while the database or the file store is unreachable, or while draining',
        response: responses(readinessSchema, [503]),
      },
    },
    async (request, reply) => {
      const [databaseUp, storageUp] = await Promise.all([
        readiness.probe('database', (onFailure) => database.ping(onFailure)),
        readiness.probe('file store', (onFailure) => store.ping(onFailure)),
      ]);
      // From the start of a graceful stop (plugins/graceful-close.ts), readiness fails.
      const draining = app.draining();
      const ready = databaseUp && storageUp && !draining;
      const data = {
        ready,
        database: databaseUp ? ('up' as const) : ('down' as const),
        storage: storageUp ? ('up' as const) : ('down' as const),
        draining,
      };
      return reply
        .code(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ ...ok(request, data), success: ready });
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
