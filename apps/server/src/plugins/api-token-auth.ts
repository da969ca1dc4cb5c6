import type { ApiTokenScope } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { isApiToken } from '../modules/api-tokens/api-token.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The scope a personal access token needs to call this route. A route without one refuses
     * tokens (403 1026001): the console, staff pages and account settings take sessions only.
     */
    tokenScope?: ApiTokenScope;
    /** Answers everyone alike (a public key, the public feed): a token sent along is not looked at. */
    publicRoute?: boolean;
  }
}

const BEARER_API_TOKEN = /^\s*bearer\s+(fwp_\S*)\s*$/i;

/**
 * Personal access tokens (issue 20), before any route: a request carrying one is answered only
 * by a route that names the scope it needs; the token must hold it, and the request counts
 * against the token's and the account's quotas (`RateLimit-*` headers on every answer).
 * The identity it sets (`tokenId` present) is what requireSession and the download checks take.
 */
export const apiTokenAuthPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const scope = route.config?.tokenScope;
    if (!scope || !route.schema) return;
    // OpenAPI: the route takes the token scheme too; http bearer has no scopes, so say it in words.
    const security = (route.schema.security as Record<string, string[]>[] | undefined) ?? [];
    route.schema.security = [...security, { accessToken: [] }];
    const description = route.schema.description ? `${route.schema.description}\n\n` : '';
    route.schema.description = `${description}Personal access token scope: \`${scope}\`.`;
  });

  app.addHook('onRequest', async (request, reply) => {
    const token = BEARER_API_TOKEN.exec(request.headers.authorization ?? '')?.[1];
    // An address no route answers stays a 404, whatever it carries.
    if (token === undefined || !isApiToken(token) || request.is404) return;
    if (request.routeOptions.config?.publicRoute) return;
    const scope = request.routeOptions.config?.tokenScope;
    if (!scope) throw new AppError('API_TOKEN_NOT_ACCEPTED');
    const { apiTokens, apiQuota } = app.services;
    const identity = await apiTokens.authenticate(token, scope, request.ip);
    reply.headers(await apiQuota.chargeRequest(identity));
    request.auth = { userId: identity.userId, sessionId: 0, tokenId: identity.tokenId };
  });
});
