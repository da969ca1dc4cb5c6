import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../../plugins/authenticate';

/**
 * What an export or a bundle costs grows with the account's fleet (every server's compliance is
 * computed), so these limits count per account, whatever address or token it calls from; the
 * limit hooks run after requireSession, which has named the account by then.
 */
const perAccount = (request: FastifyRequest) => `account:${sessionOf(request).userId}`;

/** A fleet export (CSV or JSON, a customer's own or staff's of an organisation): 10 a minute. */
export const FLEET_EXPORT_RATE_LIMIT = { max: 10, timeWindow: 60_000, keyGenerator: perAccount };

/** A bundle of what is missing (one task, whose files are then packed): 10 a minute. */
export const FLEET_BUNDLE_RATE_LIMIT = { max: 10, timeWindow: 60_000, keyGenerator: perAccount };
