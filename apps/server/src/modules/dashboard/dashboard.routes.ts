import { DASHBOARD_PERMISSION, dashboardQuerySchema, dashboardStatsSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requirePermission, requireSession } from '../../plugins/authenticate';

/** Staff (sysDashboard:page): downloads, top items, sign-ins and failures per day, task backlog. */
export async function dashboardRoutes(app: FastifyInstance) {
  await requireSession(app);
  app.addHook('onRequest', requirePermission(app, DASHBOARD_PERMISSION));
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dashboard/stats',
    {
      schema: {
        tags: ['system'],
        summary: 'Dashboard figures over the last `days` days (UTC)',
        security: [{ bearer: [] }],
        querystring: dashboardQuerySchema,
        response: responses(dashboardStatsSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) => ok(request, await app.services.dashboard.stats(request.query.days, request.locale)),
  );
}
