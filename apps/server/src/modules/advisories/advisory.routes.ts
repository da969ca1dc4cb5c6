import {
  ADVISORY_FEED_PATH,
  ADVISORY_PERMISSIONS,
  advisoryFeedQuerySchema,
  FEED_CONTENT_TYPE,
  advisoryDetailQuerySchema,
  advisoryDetailSchema,
  advisoryListQuerySchema,
  advisoryPageSchema,
  advisoryParamsSchema,
  cveLookupSchema,
  cveParamsSchema,
} from '@portal/contract';
import { AppError } from '../../lib/app-error';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { notModified } from '../feeds/conditional-get';
import { AUTH_ERRORS, responses } from '../../lib/route-schemas';
import { ANONYMOUS_READER, type AdvisoryReader } from './advisory-reader.service';

const tags = ['advisories'];
/** Signed in or not: anonymous readers get TLP:WHITE only. A personal access token needs catalog:read. */
const config = { tokenScope: 'catalog:read' as const, rateLimit: { max: 600, timeWindow: 60_000 } };

/**
 * Who is reading: the token's or session's account, else nobody. A session that fails to check
 * (expired, revoked) is an error like anywhere else, not a silent fall back to anonymous.
 */
export async function readerOf(app: FastifyInstance, request: FastifyRequest): Promise<AdvisoryReader> {
  let userId = request.auth?.userId ?? null;
  if (userId === null && request.headers.authorization)
    userId = (await app.services.sessions.authenticate(request.headers.authorization)).userId;
  if (userId === null) return ANONYMOUS_READER;
  return readerFor(app, userId);
}

/** The reader an account is: staff (advisory:write) read every label. */
export async function readerFor(app: FastifyInstance, userId: number): Promise<AdvisoryReader> {
  return { userId, staff: await app.services.access.hasPermission(userId, ADVISORY_PERMISSIONS.write) };
}

/** Security advisories as customers read them (issue 33): the list with its filters, one advisory. */
export async function advisoryRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { advisoryReader } = app.services;

  routes.get(
    '/api/advisories',
    {
      schema: {
        tags,
        summary:
          'Published security advisories visible to the caller (anonymous: TLP:WHITE only), newest first',
        querystring: advisoryListQuerySchema,
        response: responses(advisoryPageSchema, [400, ...AUTH_ERRORS]),
      },
      config,
    },
    async (request) =>
      ok(request, await advisoryReader.list(await readerOf(app, request), request.query, request.locale)),
  );

  routes.get(
    '/api/advisories/cve/:cve',
    {
      schema: {
        tags,
        summary:
          "Which of the caller's servers a CVE concerns: each named component's status (affected, under investigation, fixed, not affected) and the version that fixes it, from the advisories the caller may read",
        params: cveParamsSchema,
        response: responses(cveLookupSchema, [400, ...AUTH_ERRORS]),
      },
      config,
      // Anonymous callers have no servers: the answer needs an account, and says so (401) before
      // the CVE is even read, as every signed-in route does.
      onRequest: async (request) => {
        if ((await readerOf(app, request)).userId === null) throw new AppError('TOKEN_EMPTY');
      },
    },
    async (request) => {
      const reader = await readerOf(app, request);
      if (reader.userId === null) throw new AppError('TOKEN_EMPTY');
      return ok(
        request,
        await app.services.cveLookup.lookup(reader.userId, request.params.cve, request.locale),
      );
    },
  );

  routes.get(
    '/api/advisories/:advisoryId',
    {
      schema: {
        tags,
        summary:
          "One published advisory with its revision history, the caller's affected servers and its CSAF files",
        params: advisoryParamsSchema,
        querystring: advisoryDetailQuerySchema,
        response: responses(advisoryDetailSchema, [400, 404, ...AUTH_ERRORS]),
      },
      config,
    },
    async (request) =>
      ok(
        request,
        await advisoryReader.detail(
          await readerOf(app, request),
          request.params.advisoryId,
          request.locale,
          request.query.revision,
        ),
      ),
  );

  routes.get(
    ADVISORY_FEED_PATH,
    {
      schema: {
        tags,
        summary:
          'Atom feed of the newest 50 advisories (TLP:WHITE); `token` (a private feed token) adds those its owner may read',
        querystring: advisoryFeedQuerySchema,
        produces: ['application/atom+xml'],
      },
      config: { publicRoute: true, rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { token } = request.query;
      const { feedTokens, access, advisoryFeed } = app.services;
      const owner = token === undefined ? null : await feedTokens.ownerOf(token);
      const reader =
        owner === null
          ? ANONYMOUS_READER
          : { userId: owner, staff: await access.hasPermission(owner, ADVISORY_PERMISSIONS.write) };
      const feed = await advisoryFeed.atom(reader, request.locale);
      reply
        .header('etag', feed.etag)
        .header('last-modified', feed.lastModified.toUTCString())
        .header('vary', 'accept-language')
        .header('cache-control', owner === null ? 'public, max-age=300' : 'private, no-cache');
      if (notModified(request.headers, feed)) return reply.code(304).send();
      return reply.type(FEED_CONTENT_TYPE).send(feed.xml);
    },
  );
}
