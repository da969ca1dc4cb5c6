import {
  publishIdParamsSchema,
  publishItemInputSchema,
  publishItemPageSchema,
  publishItemQuerySchema,
  publishItemSchema,
  publishVersionSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, recordRouteSchema, responses } from '../../lib/route-schemas';
import { auditRequest } from '../audit/audit.service';

const security = [{ bearer: [] }];
const tags = ['publishing'];
const itemRoute = recordRouteSchema({ tags, security, params: publishIdParamsSchema });

/** Catalogue items as staff see them (inside the publishing scope: session + firmware:publish). */
export async function publishingItemRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { publishItems, publishVersions } = app.services;

  routes.get(
    '/api/publishing/items',
    {
      schema: {
        tags,
        summary: 'Every catalogue item (any visibility) with its grants and draft/published/recalled counts',
        security,
        querystring: publishItemQuerySchema,
        response: responses(publishItemPageSchema, [400, ...AUTH_ERRORS]),
      },
    },
    async (request) => ok(request, await publishItems.page(request.query)),
  );

  routes.post(
    '/api/publishing/items',
    {
      schema: {
        tags,
        summary: 'Create a catalogue item (grant values are stored normalised)',
        security,
        body: publishItemInputSchema,
        response: responses(publishItemSchema, [400, 409, ...AUTH_ERRORS]),
      },
    },
    async (request) => {
      const item = await publishItems.create(request.body);
      await auditRequest(
        app,
        request,
        'item.create',
        { type: 'item', id: item.id },
        { code: item.code, visibility: item.visibility },
      );
      return ok(request, item);
    },
  );

  routes.put(
    '/api/publishing/items/:id',
    {
      schema: itemRoute('Edit a catalogue item: every field and the whole grant list', {
        body: publishItemInputSchema,
        answer: publishItemSchema,
        alsoFails: [409],
      }),
    },
    async (request) => {
      const item = await publishItems.update(request.params.id, request.body);
      await auditRequest(
        app,
        request,
        'item.update',
        { type: 'item', id: item.id },
        { code: item.code, visibility: item.visibility, grants: item.grants.length },
      );
      return ok(request, item);
    },
  );

  routes.get(
    '/api/publishing/items/:id/versions',
    {
      schema: itemRoute('Every version of an item (drafts and recalled ones too), newest first', {
        answer: z.array(publishVersionSchema),
      }),
    },
    async (request) => ok(request, await publishVersions.list(request.params.id)),
  );
}
