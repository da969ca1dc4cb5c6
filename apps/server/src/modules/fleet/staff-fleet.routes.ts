import {
  fleetExportQuerySchema,
  fleetPageSchema,
  fleetQuerySchema,
  fleetServerDetailSchema,
  STAFF_FLEET_PERMISSION,
  staffFleetOrgParamsSchema,
  staffFleetOrgRowSchema,
  staffFleetServerParamsSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requirePermission, requireSession } from '../../plugins/authenticate';
import { sendFleetExport } from './fleet-export';
import { FLEET_EXPORT_RATE_LIMIT } from './fleet-rate-limits';
import { organisationsByExposure } from './organisation-states';

const tags = ['fleet'];
const security = [{ bearer: [] }];

/**
 * "My servers" as a customer organisation sees it, for staff who administer customer accounts
 * (STAFF_FLEET_PERMISSION): the same compliance service, scoped to the organisation (its shipped
 * servers and those its active members verified) instead of the signed-in customer. An unknown
 * organisation is 404; a server outside it answers like one never shipped.
 */
export async function staffFleetRoutes(app: FastifyInstance) {
  await requireSession(app);
  app.addHook('onRequest', requirePermission(app, STAFF_FLEET_PERMISSION));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { compliance } = app.services;

  routes.get(
    '/api/staff/fleet/orgs',
    {
      schema: {
        tags,
        security,
        summary:
          'Customer organisations with their active accounts, servers, and vulnerable, under investigation and outdated servers, most vulnerable first: whose fleet to look at',
        response: responses(z.array(staffFleetOrgRowSchema), AUTH_ERRORS),
      },
    },
    async (request) => ok(request, await organisationsByExposure(compliance, request.locale)),
  );

  routes.get(
    '/api/staff/fleet/orgs/:org/servers',
    {
      schema: {
        tags,
        security,
        summary: "An organisation's servers with their worst compliance state, paged, and its fleet summary",
        params: staffFleetOrgParamsSchema,
        querystring: fleetQuerySchema,
        response: responses(fleetPageSchema, [400, 404, ...AUTH_ERRORS]),
      },
    },
    async (request) => {
      const { id } = await compliance.organisation(request.params.org);
      return ok(request, await compliance.page({ organisationId: id }, request.query, request.locale));
    },
  );

  routes.get(
    '/api/staff/fleet/orgs/:org/servers/:sn',
    {
      schema: {
        tags,
        security,
        summary:
          "One of an organisation's servers, each component with installed, target, state and advisories",
        params: staffFleetServerParamsSchema,
        response: responses(fleetServerDetailSchema, [400, 404, ...AUTH_ERRORS]),
      },
    },
    async (request) => {
      const { id } = await compliance.organisation(request.params.org);
      return ok(request, await compliance.server({ organisationId: id }, request.params.sn, request.locale));
    },
  );

  routes.get(
    '/api/staff/fleet/orgs/:org/export',
    {
      schema: {
        tags,
        security,
        summary: "Every component of an organisation's servers with its compliance, as CSV or JSON",
        params: staffFleetOrgParamsSchema,
        querystring: fleetExportQuerySchema,
      },
      config: { rateLimit: FLEET_EXPORT_RATE_LIMIT },
    },
    async (request, reply) => {
      const { id } = await compliance.organisation(request.params.org);
      const servers = (await compliance.fleet({ organisationId: id }, request.locale)).filter(
        (server) => !request.query.state || server.state === request.query.state,
      );
      return sendFleetExport(reply, servers, request.query.format, request.locale);
    },
  );
}
