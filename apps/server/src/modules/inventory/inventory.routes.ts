import {
  type COMPLIANCE_STATES,
  type ComplianceState,
  fleetExportQuerySchema,
  fleetPageSchema,
  fleetQuerySchema,
  fleetServerDetailSchema,
  fleetServerParamsSchema,
  INVENTORY_LIMITS,
  inventoryReportResultSchema,
  inventoryReportSchema,
  inventoryUploadQuerySchema,
  inventoryUploadResultSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attachmentDisposition } from '../../lib/content-disposition';
import { translate } from '../../lib/i18n/messages';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requireSession, sessionOf } from '../../plugins/authenticate';
import { INVENTORY_CSV_TEMPLATE } from './inventory-upload';
import { fleetCsv } from './fleet-export';

const tags = ['fleet'];
const security = [{ bearer: [] }];
/** Sessions, or personal access tokens with the `inventory` scope. */
const config = { tokenScope: 'inventory' as const };
/** 10,000 servers of 10 components in JSON. */
const REPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** Fleet compliance (issue 34): report what servers run, read how they compare with the catalogue. */
export async function inventoryRoutes(app: FastifyInstance) {
  await requireSession(app);
  // An upload is the CSV file itself (text/csv), read whole, at most INVENTORY_LIMITS.uploadBytes.
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: INVENTORY_LIMITS.uploadBytes },
    (_request, body, done) => done(null, body),
  );
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { inventory, compliance } = app.services;

  routes.post(
    '/api/fleet/inventory',
    {
      schema: {
        tags,
        security,
        summary:
          'Report the installed firmware of many servers at once (at most 10,000); SNs that are not mine change nothing and are answered as unknown',
        body: inventoryReportSchema,
        response: responses(inventoryReportResultSchema, [400, 413, 429, ...AUTH_ERRORS]),
      },
      bodyLimit: REPORT_BODY_LIMIT,
      config: { ...config, rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request) =>
      ok(
        request,
        await inventory.report(sessionOf(request).userId, { ...request.body, source: request.body.source }),
      ),
  );

  routes.post(
    '/api/fleet/inventory/upload',
    {
      schema: {
        tags,
        security,
        summary:
          'An inventory CSV (text/csv): every line checked, a preview of what changes; written only when no line is wrong and dryRun is not 1',
        querystring: inventoryUploadQuerySchema,
        response: responses(inventoryUploadResultSchema, [400, 413, 415, 429, ...AUTH_ERRORS]),
      },
      config: { ...config, rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request) =>
      ok(
        request,
        await inventory.upload(
          sessionOf(request).userId,
          typeof request.body === 'string' ? request.body : '',
          request.query.dryRun === '1',
          request.locale,
        ),
      ),
  );

  routes.get(
    '/api/fleet/inventory/template.csv',
    { schema: { tags, security, summary: 'The inventory CSV template (its columns, two examples)' }, config },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition('inventory-template.csv'))
        .send(INVENTORY_CSV_TEMPLATE),
  );

  routes.get(
    '/api/fleet/servers',
    {
      schema: {
        tags,
        security,
        summary: 'My servers with their worst compliance state, paged, and the fleet summary per state',
        querystring: fleetQuerySchema,
        response: responses(fleetPageSchema, [400, ...AUTH_ERRORS]),
      },
      config,
    },
    async (request) =>
      ok(request, await compliance.page(sessionOf(request).userId, request.query, request.locale)),
  );

  routes.get(
    '/api/fleet/servers/:sn',
    {
      schema: {
        tags,
        security,
        summary: 'One of my servers, each component with installed, target, state and advisories',
        params: fleetServerParamsSchema,
        response: responses(fleetServerDetailSchema, [400, 404, ...AUTH_ERRORS]),
      },
      config,
    },
    async (request) =>
      ok(request, await compliance.server(sessionOf(request).userId, request.params.sn, request.locale)),
  );

  routes.get(
    '/api/fleet/export',
    {
      schema: {
        tags,
        security,
        summary: 'Every component of my servers with its compliance, as CSV or JSON',
        querystring: fleetExportQuerySchema,
      },
      config,
    },
    async (request, reply) => {
      const servers = (await compliance.fleet(sessionOf(request).userId, request.locale)).filter(
        (server) => !request.query.state || server.state === request.query.state,
      );
      if (request.query.format === 'json')
        return reply
          .header('content-disposition', attachmentDisposition('fleet-compliance.json'))
          .type('application/json; charset=utf-8')
          .send(JSON.stringify({ servers }, null, 2));
      const stateName = (state: ComplianceState) =>
        translate(
          request.locale,
          `INVENTORY_STATE_${state.toUpperCase() as Uppercase<(typeof COMPLIANCE_STATES)[number]>}`,
        );
      return reply
        .header('content-disposition', attachmentDisposition('fleet-compliance.csv'))
        .type('text/csv; charset=utf-8')
        .send(fleetCsv(servers, stateName));
    },
  );
}
