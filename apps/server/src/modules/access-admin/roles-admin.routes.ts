import {
  grantOptionsSchema,
  idParamsSchema,
  ROLE_ADD_PERMISSION,
  ROLE_DELETE_PERMISSION,
  ROLE_EDIT_PERMISSION,
  ROLE_GRANT_PERMISSION,
  ROLE_PAGE_PERMISSION,
  roleGrantsSchema,
  roleInputSchema,
  rolePageSchema,
  roleQuerySchema,
  roleRowSchema,
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

/** Staff: the roles page of the system application; every operation has its own button code. */
export async function rolesAdminRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { rolesAdmin } = app.services;
  const staff = staffOf(app);

  routes.get(
    '/api/sysRole/page',
    {
      schema: {
        tags,
        summary: 'Roles with their holders and grant counts; q searches code and names',
        security,
        querystring: roleQuerySchema,
        response: responses(rolePageSchema, [400, ...AUTH_ERRORS]),
      },
      onRequest: requirePermission(app, ROLE_PAGE_PERMISSION),
    },
    async (request) => ok(request, await rolesAdmin.page(request.query, request.locale)),
  );

  routes.get(
    '/api/sysRole/grantOptions',
    {
      schema: {
        tags,
        summary: 'Every application with its menus, and every button permission, to grant from',
        security,
        response: responses(grantOptionsSchema, AUTH_ERRORS),
      },
      onRequest: requirePermission(app, ROLE_PAGE_PERMISSION),
    },
    async (request) => ok(request, await rolesAdmin.grantOptions(request.locale)),
  );

  routes.post(
    '/api/sysRole/add',
    {
      schema: {
        tags,
        summary: 'Create a role (no grants yet)',
        security,
        body: roleInputSchema,
        response: responses(roleRowSchema, [400, 409, ...AUTH_ERRORS]),
      },
      onRequest: requirePermission(app, ROLE_ADD_PERMISSION),
    },
    async (request) =>
      ok(request, await rolesAdmin.create(await staff(request), request.body, request.locale)),
  );

  routes.put(
    '/api/sysRole/:id',
    {
      schema: {
        tags,
        summary: "Edit a role's code (not of a built-in role), names and description",
        security,
        params: idParamsSchema,
        body: roleInputSchema,
        response: responses(roleRowSchema, [400, 404, 409, ...AUTH_ERRORS]),
      },
      onRequest: requirePermission(app, ROLE_EDIT_PERMISSION),
    },
    async (request) =>
      ok(
        request,
        await rolesAdmin.update(await staff(request), request.params.id, request.body, request.locale),
      ),
  );

  routes.delete(
    '/api/sysRole/:id',
    {
      schema: {
        tags,
        summary: 'Delete a role (refused for built-in roles and roles users hold)',
        security,
        params: idParamsSchema,
        response: responses(z.null(), [400, 404, 409, ...AUTH_ERRORS]),
      },
      onRequest: requirePermission(app, ROLE_DELETE_PERMISSION),
    },
    async (request) => {
      await rolesAdmin.remove(await staff(request), request.params.id);
      return ok(request, null);
    },
  );

  routes.get(
    '/api/sysRole/:id/grants',
    {
      schema: {
        tags,
        summary: 'The menus and button permissions a role grants',
        security,
        params: idParamsSchema,
        response: responses(roleGrantsSchema, [400, 404, ...AUTH_ERRORS]),
      },
      onRequest: requirePermission(app, ROLE_PAGE_PERMISSION),
    },
    async (request) => ok(request, await rolesAdmin.grants(request.params.id)),
  );

  routes.put(
    '/api/sysRole/:id/grants',
    {
      schema: {
        tags,
        summary: "Replace a role's menus (their parents come along) and button permissions",
        security,
        params: idParamsSchema,
        body: roleGrantsSchema,
        response: responses(roleGrantsSchema, [400, 404, ...AUTH_ERRORS]),
      },
      onRequest: requirePermission(app, ROLE_GRANT_PERMISSION),
    },
    async (request) =>
      ok(request, await rolesAdmin.setGrants(await staff(request), request.params.id, request.body)),
  );
}
