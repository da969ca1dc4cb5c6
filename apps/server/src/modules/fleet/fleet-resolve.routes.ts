import { fleetResolveRequestSchema, fleetResolveSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requireSession, sessionOf } from '../../plugins/authenticate';

/** The automation API of fleet tools (`fwportal resolve`): session or personal access token. */
export async function fleetRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { fleet } = app.services;

  routes.post(
    '/api/fleet/resolve',
    {
      schema: {
        tags: ['fleet'],
        summary:
          'For each SN (at most 500): its model and the newest released firmware per kind and PCIe card; SNs not mine answer found=false',
        security: [{ bearer: [] }],
        body: fleetResolveRequestSchema,
        response: responses(fleetResolveSchema, [400, 429, ...AUTH_ERRORS]),
      },
      config: { tokenScope: 'catalog:read' },
    },
    async (request) =>
      ok(request, await fleet.resolve(sessionOf(request).userId, request.body.sns, request.locale)),
  );
}
