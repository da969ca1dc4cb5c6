import type { Locale } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { resolveLocale } from '../lib/i18n/messages';

/** Decides each request's language once, before anything can fail. */
export const requestLocalePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', 'zh-CN');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    request.locale = resolveLocale(query?.locale, request.headers['accept-language']);
  });
});

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    /**
     * Set by the requireSession hook on protected routes, or by apiTokenAuthPlugin for a
     * personal access token (then `tokenId` is set and `sessionId` is 0: no session row has it).
     */
    auth: { userId: number; sessionId: number; tokenId?: number } | null;
  }
}
