import { softwareIdMapSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requireSession, sessionOf } from '../../plugins/authenticate';

/** Redfish SoftwareId -> component kind, for `fwportal audit` (issue 35). */
export async function softwareIdRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/fleet/software-ids',
    {
      schema: {
        tags: ['fleet'],
        security: [{ bearer: [] }],
        summary:
          'Redfish SoftwareInventory SoftwareIds recorded on the catalogue items I may see, and the component kind (and PCIe part numbers) each stands for',
        response: responses(softwareIdMapSchema, AUTH_ERRORS),
      },
      // The scope `fwportal audit` already holds to report what it read.
      config: { tokenScope: 'inventory' as const },
    },
    async (request) => ok(request, await app.services.softwareIds.map(sessionOf(request).userId)),
  );
}
