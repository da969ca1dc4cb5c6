import {
  appOptionSchema,
  idParamsSchema,
  MENU_ADD_PERMISSION,
  MENU_DELETE_PERMISSION,
  MENU_EDIT_PERMISSION,
  MENU_PAGE_PERMISSION,
  menuAdminRowSchema,
  menuInputSchema,
  menuListQuerySchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requirePermission, requireSession } from '../../plugins/authenticate';
import { staffOf } from './staff';

const security = [{ bearer: [] }];
const tags = ['system'];

/** Staff: the menu tree of each application (menus page of the system application). */
export async function menusAdminRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { menusAdmin } = app.services;
  const staff = staffOf(app);

  routes.get(
    '/api/sysMenu/apps',
    {
      schema: {
        tags,
        summary: 'The applications whose menus can be edited',
        security,
        response: responses(z.array(appOptionSchema), AUTH_ERRORS),
      },
      onRequest: requirePermission(app, MENU_PAGE_PERMISSION),
    },
    async (request) => ok(request, await menusAdmin.applications(request.locale)),
  );

  routes.get(
    '/api/sysMenu/list',
    {
      schema: {
        tags,
        summary: "One application's menus, flat, in display order (both languages' titles)",
        security,
        querystring: menuListQuerySchema,
        response: responses(z.array(menuAdminRowSchema), [400, ...AUTH_ERRORS]),
      },
      onRequest: requirePermission(app, MENU_PAGE_PERMISSION),
    },
    async (request) => ok(request, await menusAdmin.list(request.query.application)),
  );

  routes.post(
    '/api/sysMenu/add',
    {
      schema: {
        tags,
        summary: 'Create a menu',
        security,
        body: menuInputSchema,
        response: responses(menuAdminRowSchema, [400, 409, ...AUTH_ERRORS]),
      },
      onRequest: requirePermission(app, MENU_ADD_PERMISSION),
    },
    async (request) => ok(request, await menusAdmin.create(await staff(request), request.body)),
  );

  routes.put(
    '/api/sysMenu/:id',
    {
      schema: {
        tags,
        summary: 'Edit a menu (its application stays)',
        security,
        params: idParamsSchema,
        body: menuInputSchema,
        response: responses(menuAdminRowSchema, [400, 404, 409, ...AUTH_ERRORS]),
      },
      onRequest: requirePermission(app, MENU_EDIT_PERMISSION),
    },
    async (request) =>
      ok(request, await menusAdmin.update(await staff(request), request.params.id, request.body)),
  );

  routes.delete(
    '/api/sysMenu/:id',
    {
      schema: {
        tags,
        summary: 'Delete a menu without sub-menus (role grants of it go too)',
        security,
        params: idParamsSchema,
        response: responses(z.null(), [400, 404, 409, ...AUTH_ERRORS]),
      },
      onRequest: requirePermission(app, MENU_DELETE_PERMISSION),
    },
    async (request) => {
      await menusAdmin.remove(await staff(request), request.params.id);
      return ok(request, null);
    },
  );
}
