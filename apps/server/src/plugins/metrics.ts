import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { AppError } from '../lib/app-error';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares hashes, so neither the length nor the content of the token leaks through timing. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const sent = header.startsWith('Bearer ') ? header.slice(7) : '';
  return timingSafeEqual(digest(sent), digest(token));
}

/**
 * Prometheus metrics (docs/OPERATIONS.md lists the series and the queries that matter): every
 * answered request is counted by its route *pattern* once its last byte is sent (a download's
 * duration is its transfer time). GET /api/metrics serves the text format to a scraper holding
 * METRICS_TOKEN; without the setting the endpoint does not exist (404), so a deployment never
 * publishes its figures by accident.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, config: Pick<Config, 'METRICS_TOKEN'>) => {
  const { metrics } = app.services;
  app.addHook('onResponse', async (request, reply) => {
    // Requests no route matched are counted under one label, or scanners would mint a series a URL.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!config.METRICS_TOKEN) throw new AppError('URL_NOT_FOUND', { params: { path: '/api/metrics' } });
    if (!bearerMatches(request, config.METRICS_TOKEN)) throw new AppError('TOKEN_INVALID');
    const body = await metrics.text();
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(body);
  });
});
