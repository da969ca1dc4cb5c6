import {
  assignOrganisationSchema,
  bindSerialsAdminSchema,
  organisationSchema,
  freezeBodySchema,
  grantRolesBodySchema,
  type Locale,
  USER_EDIT_PERMISSION,
  USER_PAGE_PERMISSION,
  userAdminCreateSchema,
  userAdminDetailSchema,
  userAdminEditSchema,
  userAdminPageSchema,
  userAdminQuerySchema,
  userAdminRoleOptionSchema,
  userAdminRowSchema,
  userIdParamsSchema,
  verificationSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roles } from '../../db/schema';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, recordRouteSchema, responses } from '../../lib/route-schemas';
import { requirePermission, requireSession, sessionOf } from '../../plugins/authenticate';

const security = [{ bearer: [] }];
const tags = ['system'];
const snParams = userIdParamsSchema.extend({ sn: z.string().max(64) });
const userRoute = recordRouteSchema({ tags, security, params: userIdParamsSchema });

/** Staff: the users page of the system application (sysUser:page to read, sysUser:edit to change). */
export async function usersAdminRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { usersAdmin, audit } = app.services;
  const canRead = requirePermission(app, USER_PAGE_PERMISSION);
  const canEdit = requirePermission(app, USER_EDIT_PERMISSION);
  const staff = async (request: FastifyRequest) => ({
    ...(await audit.actorOf(request)),
    userId: sessionOf(request).userId,
  });
  /** A change to one user: by the signed-in staff member, on the user in the path, answering its result. */
  const onUser = async <Answer>(
    request: FastifyRequest & { params: { id: number } },
    change: (by: Awaited<ReturnType<typeof staff>>, id: number, locale: Locale) => Promise<Answer>,
  ) => ok(request, await change(await staff(request), request.params.id, request.locale));

  routes.get(
    '/api/sysUser/page',
    {
      schema: {
        tags,
        summary: 'Users, newest first; q, status and role filters',
        security,
        querystring: userAdminQuerySchema,
        response: responses(userAdminPageSchema, [400, ...AUTH_ERRORS]),
      },
      onRequest: canRead,
    },
    async (request) => ok(request, await usersAdmin.page(request.query, request.locale)),
  );

  routes.get(
    '/api/sysUser/organisations',
    {
      schema: {
        tags,
        summary: 'Customer organisations (what staff assign users to)',
        security,
        response: responses(z.array(organisationSchema), [...AUTH_ERRORS]),
      },
      onRequest: canRead,
    },
    async (request) => ok(request, await usersAdmin.organisations()),
  );

  routes.put(
    '/api/sysUser/:id/organisation',
    {
      schema: userRoute(
        "Assign a user to a customer organisation (by id, or by name: found or created, e.g. approving the user's typed company), or to none; audited",
        { body: assignOrganisationSchema, answer: userAdminRowSchema },
      ),
      onRequest: canEdit,
    },
    async (request) =>
      onUser(request, (by, id, locale) => usersAdmin.assignOrganisation(by, id, request.body, locale)),
  );

  routes.get(
    '/api/sysUser/roleOptions',
    {
      schema: {
        tags,
        summary: 'Roles a user can be given',
        security,
        response: responses(z.array(userAdminRoleOptionSchema), AUTH_ERRORS),
      },
      onRequest: canRead,
    },
    async (request) => {
      const rows = await app.services.database.db.select().from(roles).orderBy(roles.code);
      return ok(
        request,
        rows.map((role) => ({
          code: role.code,
          name: request.locale === 'zh-CN' ? role.nameZh : role.nameEn,
        })),
      );
    },
  );

  routes.get(
    '/api/sysUser/:id/detail',
    {
      schema: userRoute("A user's profile, open sessions, sign-ins, downloads and servers", {
        answer: userAdminDetailSchema,
      }),
      onRequest: canRead,
    },
    async (request) => ok(request, await usersAdmin.detail(request.params.id, request.locale)),
  );

  routes.post(
    '/api/sysUser/add',
    {
      schema: {
        tags,
        summary: 'Create a user (staff-created accounts have sourceType 00)',
        security,
        body: userAdminCreateSchema,
        response: responses(userAdminRowSchema, [400, 409, ...AUTH_ERRORS]),
      },
      onRequest: canEdit,
    },
    async (request) =>
      ok(request, await usersAdmin.create(await staff(request), request.body, request.locale)),
  );

  routes.put(
    '/api/sysUser/:id',
    {
      schema: userRoute("Edit a user's profile and adminType", {
        body: userAdminEditSchema,
        answer: userAdminRowSchema,
        alsoFails: [409],
      }),
      onRequest: canEdit,
    },
    async (request) => onUser(request, (by, id, locale) => usersAdmin.update(by, id, request.body, locale)),
  );

  routes.post(
    '/api/sysUser/:id/freeze',
    {
      schema: userRoute('Freeze (signs the user out everywhere) or unfreeze', {
        body: freezeBodySchema,
        answer: userAdminRowSchema,
        alsoFails: [409],
      }),
      onRequest: canEdit,
    },
    async (request) =>
      onUser(request, (by, id, locale) => usersAdmin.setFrozen(by, id, request.body.frozen, locale)),
  );

  routes.post(
    '/api/sysUser/:id/unlock',
    { schema: userRoute('Lift a sign-in lockout', { answer: userAdminRowSchema }), onRequest: canEdit },
    async (request) => onUser(request, (by, id, locale) => usersAdmin.unlock(by, id, locale)),
  );

  routes.post(
    '/api/sysUser/:id/resetPwd',
    { schema: userRoute('Mail the user a password reset link', { answer: z.null() }), onRequest: canEdit },
    async (request) => {
      await usersAdmin.resetPassword(await staff(request), request.params.id, request.locale);
      return ok(request, null);
    },
  );

  routes.put(
    '/api/sysUser/:id/roles',
    {
      schema: userRoute("Replace a user's roles (only roles whose permissions you hold)", {
        body: grantRolesBodySchema,
        answer: userAdminRowSchema,
      }),
      onRequest: canEdit,
    },
    async (request) =>
      onUser(request, (by, id, locale) => usersAdmin.grantRoles(by, id, request.body.roleCodes, locale)),
  );

  routes.post(
    '/api/sysUser/:id/serials',
    {
      schema: userRoute("Bind servers to a customer's account (verified at once by default)", {
        body: bindSerialsAdminSchema,
        answer: verificationSchema,
      }),
      onRequest: canEdit,
    },
    async (request) =>
      onUser(request, (by, id, locale) =>
        usersAdmin.bindSerials(by, id, request.body.serials, request.body.verify, locale),
      ),
  );

  routes.delete(
    '/api/sysUser/:id/serials/:sn',
    {
      schema: {
        tags,
        summary: "Remove a server from a customer's account",
        security,
        params: snParams,
        response: responses(verificationSchema, [400, 404, ...AUTH_ERRORS]),
      },
      onRequest: canEdit,
    },
    async (request) =>
      onUser(request, (by, id, locale) => usersAdmin.unbindSerial(by, id, request.params.sn, locale)),
  );
}
