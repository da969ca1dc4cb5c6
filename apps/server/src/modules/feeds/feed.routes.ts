import {
  FEED_CONTENT_TYPE,
  FEED_PATH,
  feedQuerySchema,
  feedTokenCreatedSchema,
  feedTokenStatusSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { requireSession, sessionOf } from '../../plugins/authenticate';
import { notModified } from './conditional-get';

const tags = ['feeds'];
const security = [{ bearer: [] }];

/**
 * The Atom feed of new and recalled releases: public items for anyone, and with `?token=` what
 * the token's owner may see. No session and no access token: feed readers send neither.
 */
export async function feedRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { feeds, feedTokens } = app.services;

  routes.get(
    FEED_PATH,
    {
      schema: {
        tags,
        summary:
          'Atom feed of the newest 50 released and recalled versions, filtered by model, kind and/or part number; `token` (a private feed token) adds the restricted items its owner may see',
        querystring: feedQuerySchema,
        produces: ['application/atom+xml'],
      },
      config: { publicRoute: true, rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { token, model, kind, pn } = request.query;
      const owner = token === undefined ? null : await feedTokens.ownerOf(token);
      const feed = await feeds.releases(owner, { model, kind, pn }, request.locale);
      reply
        .header('etag', feed.etag)
        .header('last-modified', feed.lastModified.toUTCString())
        // Titles follow Accept-Language when the query names no locale.
        .header('vary', 'accept-language')
        .header('cache-control', feed.private ? 'private, no-cache' : 'public, max-age=300');
      if (notModified(request.headers, feed)) return reply.code(304).send();
      return reply.type(FEED_CONTENT_TYPE).send(feed.xml);
    },
  );
}

/** Account settings -> private feed: the owner's token, with a console session only. */
export async function feedTokenRoutes(app: FastifyInstance) {
  await requireSession(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { feedTokens } = app.services;

  routes.get(
    '/api/sysUser/feedToken',
    {
      schema: {
        tags,
        summary: 'Whether I have a private feed token, when it was made and last used (never the token)',
        security,
        response: responses(feedTokenStatusSchema, AUTH_ERRORS),
      },
    },
    async (request) => ok(request, await feedTokens.status(sessionOf(request).userId)),
  );

  routes.post(
    '/api/sysUser/feedToken',
    {
      schema: {
        tags,
        summary:
          'Create my private feed token, replacing the old one; the token and the feed address are answered once',
        security,
        response: responses(feedTokenCreatedSchema, [429, ...AUTH_ERRORS]),
      },
      config: { rateLimit: { max: 30, timeWindow: 3_600_000 } },
    },
    async (request) => ok(request, await feedTokens.create(sessionOf(request).userId)),
  );

  routes.delete(
    '/api/sysUser/feedToken',
    {
      schema: {
        tags,
        summary: 'Revoke my private feed token (its feed answers 404 at once)',
        security,
        response: responses(feedTokenStatusSchema, AUTH_ERRORS),
      },
    },
    async (request) => ok(request, await feedTokens.revoke(sessionOf(request).userId)),
  );
}
