import type { Locale } from '@portal/contract';
import type { Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    locale: Locale;
    /** Set by the authentication hook on protected routes. */
    auth: { userId: number; sessionId: number } | null;
  }
}
