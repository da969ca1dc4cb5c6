import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * Security headers on every answer (helmet), with a Content-Security-Policy the console runs
 * under:
 * - scripts only from the portal itself (the Vite build has no inline script);
 * - inline styles allowed: antd's CSS-in-JS writes <style> elements at run time;
 * - frames: the server menus may embed other systems' pages (spec: meta.link), so frame-src
 *   allows http(s) pages; the portal itself may never be framed (frame-ancestors 'none' and
 *   X-Frame-Options DENY), against clickjacking;
 * - Referrer-Policy no-referrer: no address of the portal (with a ticket, a reset link) ever
 *   leaves in a Referer header, and nothing here needs one;
 * - HSTS only when the portal is served over https (PUBLIC_URL), or browsers would refuse a
 *   plain-http deployment for a year.
 * Authenticated API answers are `Cache-Control: no-store` unless a route chose otherwise
 * (downloads, the public key), so no shared or browser cache keeps one user's data.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, config: Pick<Config, 'PUBLIC_URL'>) => {
  const https = config.PUBLIC_URL?.startsWith('https:') ?? false;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https:', 'http:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
});
