import { ACCESS_VERSION_HEADER } from '@portal/contract';
import { AppError } from '../lib/app-error';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * Registered inside the protected scope: every route below needs a live session. Its answers,
 * errors included, carry the access version the session was checked at, so the console notices
 * at its next request that staff changed what the user may reach (its menus).
 */
export async function requireSession(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    // A personal access token was already checked against the route's scope (api-token-auth).
    if (request.auth?.tokenId !== undefined) return;
    const { accessVersion, ...identity } = await app.services.sessions.authenticate(
      request.headers.authorization,
    );
    request.auth = identity;
    reply.header(ACCESS_VERSION_HEADER, String(accessVersion));
  });
}

/** The identity of a route behind requireSession (the hook guarantees it is set). */
export function sessionOf(request: { auth: { userId: number; sessionId: number } | null }) {
  if (!request.auth) throw new Error('route is not behind requireSession');
  return request.auth;
}

/**
 * A hook refusing a signed-in user without the permission `code`: 403 with 1013002, "no
 * permission to access the resource: <path>" (the console conventions' code for a resource the
 * user may not reach; 1013003 stays for operations a service refuses, such as escalation).
 */
export function requirePermission(app: FastifyInstance, code: string) {
  return async (request: { auth: { userId: number; sessionId: number } | null; url: string }) => {
    if (!(await app.services.access.hasPermission(sessionOf(request).userId, code)))
      throw new AppError('NO_PERMISSION_RESOURCE', { params: { path: request.url.split('?')[0] ?? '' } });
  };
}

/**
 * The opening of a route module for the holders of `permission` only: a live session and the
 * permission checked on every request (requireSession, then requirePermission). Its routes, typed
 * by their zod schemas.
 *
 * Synchronous on purpose, and its answer wrapped: a Fastify instance is thenable, so awaiting one
 * inside a plugin (`await permittedRoutes(...)` when this returned the instance from an async
 * function) lets the plugin's loading finish there, and its routes were then registered without
 * these hooks: anonymous callers reached every staff advisory and Art. 14 route (caught by
 * anonymous-access.test).
 */
export function permittedRoutes(app: FastifyInstance, permission: string) {
  void requireSession(app);
  app.addHook('onRequest', requirePermission(app, permission));
  return { routes: app.withTypeProvider<ZodTypeProvider>() };
}
