import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { TicketTarget } from './download-ticket.service';

export type TicketRequest = Pick<FastifyRequest, 'headers' | 'auth'> & {
  query: { token?: string; ticket?: string };
};

/**
 * The signed-in user of a download request, or null for an anonymous one: from
 * `Authorization: Bearer` (scripts, wget, curl), or from a download ticket in `?ticket=`
 * (browser links) that must open exactly `target`. A session token in the URL is refused
 * (1025001): it would live on in proxy logs, history and Referer headers.
 */
export async function optionalUserId(
  app: FastifyInstance,
  request: TicketRequest,
  target: TicketTarget,
): Promise<number | null> {
  if (request.query.token !== undefined) throw new AppError('TOKEN_IN_URL');
  // A personal access token with the `download` scope (checked by api-token-auth).
  if (request.auth?.tokenId !== undefined) return request.auth.userId;
  const header = request.headers.authorization;
  if (header !== undefined) return (await app.services.sessions.authenticate(header)).userId;
  const ticket = request.query.ticket;
  if (ticket !== undefined) return app.services.downloadTickets.userOf(ticket, target);
  return null;
}
