import {
  DICT_ADD_PERMISSION,
  DICT_DELETE_PERMISSION,
  DICT_EDIT_PERMISSION,
  DICT_PAGE_PERMISSION,
  dictTypeInputSchema,
  dictTypeRowSchema,
  dictValueInputSchema,
  dictValueRowSchema,
  idParamsSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, recordRouteSchema, responses } from '../../lib/route-schemas';
import { requirePermission, requireSession } from '../../plugins/authenticate';

const security = [{ bearer: [] }];
const tags = ['dictionary'];
const dictRoute = recordRouteSchema({ tags, security, params: idParamsSchema });

/** Staff: dictionary types and their values (the dictionaries page of the system application). */
export async function dictAdminRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { dictAdmin, audit } = app.services;
  const staff = (request: FastifyRequest) => audit.actorOf(request);
  const canRead = requirePermission(app, DICT_PAGE_PERMISSION);
  const canAdd = requirePermission(app, DICT_ADD_PERMISSION);
  const canEdit = requirePermission(app, DICT_EDIT_PERMISSION);
  const canDelete = requirePermission(app, DICT_DELETE_PERMISSION);
  const deleted = z.null();

  routes.get(
    '/api/sysDictType/list',
    {
      schema: {
        tags,
        summary: 'Dictionary types with their number of values',
        security,
        response: responses(z.array(dictTypeRowSchema), AUTH_ERRORS),
      },
      onRequest: canRead,
    },
    async (request) => ok(request, await dictAdmin.types()),
  );

  routes.post(
    '/api/sysDictType/add',
    {
      schema: {
        tags,
        summary: 'Create a dictionary type',
        security,
        body: dictTypeInputSchema,
        response: responses(dictTypeRowSchema, [400, 409, ...AUTH_ERRORS]),
      },
      onRequest: canAdd,
    },
    async (request) => ok(request, await dictAdmin.createType(await staff(request), request.body)),
  );

  routes.put(
    '/api/sysDictType/:id',
    {
      schema: dictRoute('Edit a dictionary type', {
        body: dictTypeInputSchema,
        answer: dictTypeRowSchema,
        alsoFails: [409],
      }),
      onRequest: canEdit,
    },
    async (request) =>
      ok(request, await dictAdmin.updateType(await staff(request), request.params.id, request.body)),
  );

  routes.delete(
    '/api/sysDictType/:id',
    {
      schema: dictRoute('Delete a dictionary type that has no values', { answer: deleted, alsoFails: [409] }),
      onRequest: canDelete,
    },
    async (request) => {
      await dictAdmin.removeType(await staff(request), request.params.id);
      return ok(request, null);
    },
  );

  routes.get(
    '/api/sysDictType/:id/values',
    {
      schema: dictRoute('The values of a dictionary type', { answer: z.array(dictValueRowSchema) }),
      onRequest: canRead,
    },
    async (request) => ok(request, await dictAdmin.values(request.params.id)),
  );

  routes.post(
    '/api/sysDictData/add',
    {
      schema: {
        tags,
        summary: 'Add a value to a dictionary type',
        security,
        body: dictValueInputSchema,
        response: responses(dictValueRowSchema, [400, 404, 409, ...AUTH_ERRORS]),
      },
      onRequest: canAdd,
    },
    async (request) => ok(request, await dictAdmin.createValue(await staff(request), request.body)),
  );

  routes.put(
    '/api/sysDictData/:id',
    {
      schema: dictRoute('Edit a dictionary value (its type stays)', {
        body: dictValueInputSchema,
        answer: dictValueRowSchema,
        alsoFails: [409],
      }),
      onRequest: canEdit,
    },
    async (request) =>
      ok(request, await dictAdmin.updateValue(await staff(request), request.params.id, request.body)),
  );

  routes.delete(
    '/api/sysDictData/:id',
    {
      schema: dictRoute('Delete a dictionary value', { answer: deleted }),
      onRequest: canDelete,
    },
    async (request) => {
      await dictAdmin.removeValue(await staff(request), request.params.id);
      return ok(request, null);
    },
  );
}
