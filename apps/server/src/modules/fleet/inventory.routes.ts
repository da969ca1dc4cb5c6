import {
  fleetBaselineInputSchema,
  fleetBundleBodySchema,
  taskCreatedSchema,
  fleetBaselineParamsSchema,
  fleetBaselineSchema,
  fleetExportQuerySchema,
  installedBaseQuerySchema,
  installedBaseSchema,
  fleetPageSchema,
  fleetQuerySchema,
  fleetServerDetailSchema,
  fleetServerParamsSchema,
  INVENTORY_UPLOAD_LIMITS,
  XLSX_CONTENT_TYPE,
  inventoryReportResultSchema,
  inventoryReportSchema,
  inventoryUploadQuerySchema,
  inventoryUploadResultSchema,
} from '@portal/contract';
import { missingUpdateOf } from '@portal/contract/compliance';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { attachmentDisposition } from '../../lib/content-disposition';
import { translate } from '../../lib/i18n/messages';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requirePermission, requireSession, sessionOf } from '../../plugins/authenticate';
import { z } from 'zod';
import { INVENTORY_CSV_TEMPLATE } from './inventory-upload';
import { inventoryXlsxTemplate } from './inventory-xlsx-template';
import { sendFleetExport } from './fleet-export';
import { FLEET_BUNDLE_RATE_LIMIT, FLEET_EXPORT_RATE_LIMIT } from './fleet-rate-limits';

const tags = ['fleet'];
const security = [{ bearer: [] }];
/** Sessions, or personal access tokens with the `inventory` scope. */
const config = { tokenScope: 'inventory' as const };
/** 10,000 servers of 10 components in JSON. */
const REPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** Fleet compliance (issue 34): report what servers run, read how they compare with the catalogue. */
export async function inventoryRoutes(app: FastifyInstance) {
  await requireSession(app);
  // An upload is the file itself, read whole (at most INVENTORY_UPLOAD_LIMITS.bytes); CSV or XLSX
  // is decided by its content, whichever of these types the client named.
  app.addContentTypeParser(
    ['text/csv', 'text/plain', 'application/octet-stream', XLSX_CONTENT_TYPE],
    { parseAs: 'buffer', bodyLimit: INVENTORY_UPLOAD_LIMITS.bytes },
    (_request, body, done) => done(null, body),
  );
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { inventory, compliance, baselines } = app.services;

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
          'An inventory CSV or XLSX (the file as the body; told apart by content): every line or row checked, a preview of what changes; written only when no line is wrong and dryRun is not 1',
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
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
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
    '/api/fleet/inventory/template.xlsx',
    {
      schema: { tags, security, summary: 'The inventory XLSX template (the CSV columns, text-formatted)' },
      config,
    },
    async (_request, reply) =>
      reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentDisposition('inventory-template.xlsx'))
        .send(await inventoryXlsxTemplate()),
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
      config: { ...config, rateLimit: FLEET_EXPORT_RATE_LIMIT },
    },
    async (request, reply) => {
      const servers = (await compliance.fleet(sessionOf(request).userId, request.locale)).filter(
        (server) => !request.query.state || server.state === request.query.state,
      );
      return sendFleetExport(reply, servers, request.query.format, request.locale);
    },
  );

  routes.post(
    '/api/fleet/bundle',
    {
      schema: {
        tags,
        security,
        summary:
          'Download what is missing: an SN bundle task with the target files of the outdated and vulnerable components of these servers of mine',
        body: fleetBundleBodySchema,
        response: responses(taskCreatedSchema, [400, 409, 429, ...AUTH_ERRORS]),
      },
      config: { ...config, rateLimit: FLEET_BUNDLE_RATE_LIMIT },
    },
    async (request) => {
      const userId = sessionOf(request).userId;
      const wanted = new Set(request.body.sns);
      const servers = (await compliance.fleet(userId, request.locale)).filter((server) =>
        wanted.has(server.sn),
      );
      const selected = servers.flatMap((server) =>
        server.components.flatMap((component) => {
          const state = missingUpdateOf(component);
          return state && component.target
            ? [
                {
                  sn: server.sn,
                  pn: component.pn ?? '',
                  model: server.model,
                  component: component.component,
                  current: component.installed ?? '',
                  versionId: component.target.versionId,
                  state,
                  installOrder: component.target.installOrder,
                  rebootRequired: component.target.rebootRequired,
                  prerequisites: component.target.prerequisites.map(({ component, minVersion }) => ({
                    component,
                    minVersion,
                  })),
                },
              ]
            : [];
        }),
      );
      if (selected.length === 0) throw new AppError('FLEET_NOTHING_MISSING');
      const sns = servers.map((server) => server.sn);
      const task = await app.services.tasks.createMissingBundle(userId, sns, selected, request.locale);
      return ok(request, { task, message: translate(request.locale, 'TASK_CREATED') });
    },
  );

  routes.get(
    '/api/fleet/baselines',
    {
      schema: {
        tags,
        security,
        summary: 'My baselines: per model, the versions its components should run',
        response: responses(z.array(fleetBaselineSchema), AUTH_ERRORS),
      },
      config,
    },
    async (request) => ok(request, await baselines.list(sessionOf(request).userId)),
  );

  routes.put(
    '/api/fleet/baselines/:model',
    {
      schema: {
        tags,
        security,
        summary:
          'Pin a baseline for one model (released versions I may see); compliance then compares with it',
        params: fleetBaselineParamsSchema,
        body: fleetBaselineInputSchema,
        response: responses(z.array(fleetBaselineSchema), [400, ...AUTH_ERRORS]),
      },
      config,
    },
    async (request) =>
      ok(request, await baselines.put(sessionOf(request).userId, request.params.model, request.body)),
  );

  routes.delete(
    '/api/fleet/baselines/:model',
    {
      schema: {
        tags,
        security,
        summary: 'Back to "the newest release" for this model',
        params: fleetBaselineParamsSchema,
        response: responses(z.array(fleetBaselineSchema), [400, ...AUTH_ERRORS]),
      },
      config,
    },
    async (request) => ok(request, await baselines.remove(sessionOf(request).userId, request.params.model)),
  );
}

/** The vendor's installed base per version (staff with the dashboard permission). */
export async function installedBaseRoutes(app: FastifyInstance) {
  await requireSession(app);
  app.addHook('onRequest', requirePermission(app, 'sysDashboard:page'));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/staff/fleet/installed-base',
    {
      schema: {
        tags,
        security,
        summary:
          'Servers per installed version of a kind over every customer; with cve, how many servers and customers are exposed',
        querystring: installedBaseQuerySchema,
        response: responses(installedBaseSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) => ok(request, await app.services.installedBase.of(request.query)),
  );
}
