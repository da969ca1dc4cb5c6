import type { FastifyInstance, FastifyRequest } from 'fastify';

export type TokenRequest = Pick<FastifyRequest, 'headers'> & { query: { token?: string } };

/**
 * The signed-in user of a download request, or null for an anonymous one. The
 * token comes from `Authorization: Bearer` or, for plain browser links and
 * window.open, from `?token=`; either way the session hook's own check runs, so
 * an expired, revoked or malformed token fails exactly as on any API route.
 */
export async function optionalUserId(app: FastifyInstance, request: TokenRequest): Promise<number | null> {
  const header = request.headers.authorization;
  if (header !== undefined) return (await app.services.sessions.authenticate(header)).userId;
  const token = request.query.token;
  if (token !== undefined) return (await app.services.sessions.authenticate(`Bearer ${token}`)).userId;
  return null;
}
