import {
  apiTokenCreatedSchema,
  apiTokenCreateSchema,
  apiTokenListSchema,
  apiTokenParamsSchema,
  apiTokenSchema,
  USER_EDIT_PERMISSION,
  USER_PAGE_PERMISSION,
  userTokenParamsSchema,
  userTokensParamsSchema,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requirePermission, requireSession, sessionOf } from '../../plugins/authenticate';

const security = [{ bearer: [] }];
const tags = ['api tokens'];

/**
 * Account settings -> API tokens: the owner creates (shown once), lists and revokes them; staff
 * holding sysUser:page see and (with sysUser:edit) revoke the tokens of users they administer.
 * All with a console session: no token can create or see tokens.
 */
export async function apiTokenRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { apiTokens, usersAdmin } = app.services;

  routes.get(
    '/api/sysUser/apiTokens',
    {
      schema: {
        tags,
        summary: 'My personal access tokens, newest first (never the secret)',
        security,
        response: responses(apiTokenListSchema, AUTH_ERRORS),
      },
    },
    async (request) => ok(request, await apiTokens.list(sessionOf(request).userId)),
  );

  routes.post(
    '/api/sysUser/apiTokens',
    {
      schema: {
        tags,
        summary:
          'Create a personal access token: name, scopes, expiry (at most 365 days); the token is answered once',
        security,
        body: apiTokenCreateSchema,
        response: responses(apiTokenCreatedSchema, [400, 409, 429, ...AUTH_ERRORS]),
      },
      config: { rateLimit: { max: 30, timeWindow: 3_600_000 } },
    },
    async (request) => ok(request, await apiTokens.create(sessionOf(request).userId, request.body)),
  );

  routes.delete(
    '/api/sysUser/apiTokens/:id',
    {
      schema: {
        tags,
        summary: 'Revoke one of my tokens (it stops working at once, in every process)',
        security,
        params: apiTokenParamsSchema,
        response: responses(apiTokenSchema, [400, 404, ...AUTH_ERRORS]),
      },
    },
    async (request) =>
      ok(request, await apiTokens.revoke(sessionOf(request).userId, request.params.id, 'owner')),
  );

  const staff = async (request: FastifyRequest) => ({
    ...(await app.services.audit.actorOf(request)),
    userId: sessionOf(request).userId,
  });

  routes.get(
    '/api/sysUser/:userId/apiTokens',
    {
      schema: {
        tags,
        summary:
          "Staff: a user's personal access tokens (sysUser:page; a super admin's only for super admins)",
        security,
        params: userTokensParamsSchema,
        response: responses(apiTokenListSchema, [400, 404, ...AUTH_ERRORS]),
      },
      onRequest: requirePermission(app, USER_PAGE_PERMISSION),
    },
    async (request) => ok(request, await usersAdmin.apiTokens(await staff(request), request.params.userId)),
  );

  routes.delete(
    '/api/sysUser/:userId/apiTokens/:id',
    {
      schema: {
        tags,
        summary: "Staff: revoke a user's personal access token (sysUser:edit); audited",
        security,
        params: userTokenParamsSchema,
        response: responses(apiTokenSchema, [400, 404, ...AUTH_ERRORS]),
      },
      onRequest: requirePermission(app, USER_EDIT_PERMISSION),
    },
    async (request) => {
      const { userId, id } = request.params;
      return ok(request, await usersAdmin.revokeApiToken(await staff(request), userId, id));
    },
  );
}
