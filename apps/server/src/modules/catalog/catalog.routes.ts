import {
  catalogConfigSchema,
  catalogItemDetailSchema,
  catalogItemParamsSchema,
  catalogModelListSchema,
  catalogToolParamsSchema,
  catalogToolSchema,
  catalogVersionDetailSchema,
  catalogVersionPageSchema,
  catalogVersionParamsSchema,
  catalogVersionQuerySchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requireSession, sessionOf } from '../../plugins/authenticate';
import { ANONYMOUS } from './catalog-access';

const security = [{ bearer: [] }];
const tags = ['catalogue'];

/** Browsing the catalogue signed in: models, tables, item and version detail, configs, requested tools. */
export async function catalogRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { catalog } = app.services;
  const viewer = (request: FastifyRequest) => catalog.viewerOf(sessionOf(request).userId);

  routes.get(
    '/api/catalog/models',
    {
      config: { tokenScope: 'catalog:read' },
      schema: {
        tags,
        summary: 'Server models with their family, names in the reader language',
        security,
        response: responses(catalogModelListSchema, AUTH_ERRORS),
      },
    },
    async (request) => ok(request, await catalog.models(request.locale)),
  );

  routes.get(
    '/api/catalog/versions',
    {
      config: { tokenScope: 'catalog:read' },
      schema: {
        tags,
        summary: 'Firmware and software versions I may see: filters, search, sort, paging',
        security,
        querystring: catalogVersionQuerySchema,
        response: responses(catalogVersionPageSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) => ok(request, await catalog.list(await viewer(request), request.query, request.locale)),
  );

  routes.get(
    '/api/catalog/items/:code',
    {
      config: { tokenScope: 'catalog:read' },
      schema: {
        tags,
        summary: 'One item with the history of the versions I may see and their release notes',
        security,
        params: catalogItemParamsSchema,
        response: responses(catalogItemDetailSchema, [404, ...AUTH_ERRORS]),
      },
    },
    async (request) =>
      ok(request, await catalog.item(await viewer(request), request.params.code, request.locale)),
  );

  routes.get(
    '/api/catalog/versions/:id',
    {
      config: { tokenScope: 'catalog:read' },
      schema: {
        tags,
        summary: 'One version: checksums, release notes, compatibility, the item other versions',
        security,
        params: catalogVersionParamsSchema,
        response: responses(catalogVersionDetailSchema, [400, 404, ...AUTH_ERRORS]),
      },
    },
    async (request) =>
      ok(request, await catalog.version(await viewer(request), request.params.id, request.locale)),
  );

  routes.get(
    '/api/catalog/versions/:id/config',
    {
      schema: {
        tags,
        summary: 'A BIOS/BMC configuration set (CONFIG item) parsed for viewing',
        security,
        params: catalogVersionParamsSchema,
        response: responses(catalogConfigSchema, [400, 404, ...AUTH_ERRORS]),
      },
    },
    async (request) => ok(request, await catalog.config(await viewer(request), request.params.id)),
  );

  routes.get(
    '/api/catalog/tools/:code',
    {
      schema: {
        tags,
        summary: 'The requested tool (stored requestTool item code) and its newest version I may download',
        security,
        params: catalogToolParamsSchema,
        response: responses(catalogToolSchema, [404, ...AUTH_ERRORS]),
      },
    },
    async (request) =>
      ok(request, await catalog.tool(await viewer(request), request.params.code, request.locale)),
  );
}

/** The overseas download pages: public items only, no sign-in. */
export async function publicCatalogRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { catalog } = app.services;

  routes.get(
    '/api/public/catalog/versions',
    {
      schema: {
        tags,
        summary: 'Public firmware and software versions (overseas pages): same filters as the signed-in list',
        querystring: catalogVersionQuerySchema,
        response: responses(catalogVersionPageSchema, [400]),
      },
      config: { publicRoute: true, rateLimit: { max: 600, timeWindow: 60_000 } },
    },
    async (request) => ok(request, await catalog.list(ANONYMOUS, request.query, request.locale)),
  );
}
