import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/connection';
import { AppError } from './lib/app-error';
import { type Clock, systemClock } from './lib/clock';
import type { CaptchaTextSource } from './modules/captcha/captcha.service';
import { errorHandlerPlugin, sendError } from './plugins/error-handler';
import { closeBudgetMs, gracefulClosePlugin } from './plugins/graceful-close';
import { requestLocalePlugin } from './plugins/request-locale';
import { inputGuardPlugin } from './plugins/input-guard';
import { securityHeadersPlugin } from './plugins/security-headers';
import { registerWeb } from './plugins/static-web';
import { swaggerPlugin } from './plugins/swagger';
import { metricsPlugin } from './plugins/metrics';
import { apiTokenAuthPlugin } from './plugins/api-token-auth';
import { createFileStore } from './lib/file-store/create-file-store';
import type { FileStore } from './lib/file-store/file-store';
import { createServices, type FileChecks } from './services';
import { featureRoutes } from './routes';
import { requestLogSerializer } from './lib/log-redaction';
import { serializeError } from './lib/log-error';
import { clientKey } from './lib/rate-limit/client-key';
import { databaseRateLimitStore } from './lib/rate-limit/database-store';
import { resolveLocale } from './lib/i18n/messages';

export type AppOptions = {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Test seam: lets a test setup know the captcha answers it is shown. */
  captchaText?: CaptchaTextSource;
  /** Test seam: the device sign-in poll interval in seconds (RFC 8628's 5 unless a test lowers it). */
  deviceAuthPollSeconds?: number;
  /** Test seam: how uploaded SBOMs and inventory files are checked (in worker threads by default). */
  fileChecks?: FileChecks;
  /** Defaults to the store the configuration describes (createFileStore). */
  fileStore?: FileStore;
  logger?: FastifyServerOptions['logger'];
};

/**
 * The production logger (main.ts): request lines never carry secrets from query strings
 * (tickets, tokens, codes), and credentials are censored wherever a logged object holds them
 * (headers, bodies, errors that quote a request).
 */
export const defaultLoggerOptions = (config: Pick<Config, 'LOG_LEVEL'>) => ({
  level: config.LOG_LEVEL,
  serializers: { req: requestLogSerializer, err: serializeError },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
      'headers.authorization',
      'headers.cookie',
      '*.password',
      '*.newPassword',
      '*.oldPassword',
      '*.confirm',
      '*.token',
      '*.ticket',
      '*.code',
      '*.emailCode',
      '*.smsCode',
      'password',
      'token',
    ],
    censor: '[redacted]',
  },
});

/** Builds the whole portal: plugins first, then feature routes, then the SPA. */
export async function buildApp(options: AppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL, serializers: { err: serializeError } },
    // A hop count as proxy-addr reads it (Fastify's types take no number): the last `hops` hops.
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    // While closing, requests on open connections are served (with Connection: close), not
    // answered a bare 503: plugins/graceful-close.ts.
    return503OnClosing: false,
    // Errors the router raises before any hook (an over-long path parameter, a malformed URL)
    // answer the same envelope as everything else, in the caller's language.
    frameworkErrors: (error, request, reply) => {
      const query = new URLSearchParams(request.raw.url?.split('?')[1] ?? '');
      request.locale = resolveLocale(query.get('locale') ?? undefined, request.headers['accept-language']);
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      return sendError(
        request,
        reply,
        AppError.invalidFields([
          { field: 'path', messageKey: tooLong ? 'INPUT_TOO_LONG' : 'INPUT_OUT_OF_RANGE' },
        ]),
      );
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every route as it is added, for the structure test (app-structure.test.ts) and diagnostics.
  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeList.push({
        method,
        url: route.url,
        tokenScope: route.config?.tokenScope,
        hidden: route.schema?.hide === true,
      });
  });
  app.decorate(
    'services',
    createServices(
      config,
      options.database,
      options.clock ?? systemClock,
      app.log,
      options.fileStore ?? (await createFileStore(config)),
      options.captchaText,
      options.deviceAuthPollSeconds,
      options.fileChecks,
    ),
  );
  app.addHook('onReady', async () => {
    // Every process sends jobs, so every process needs the queue's schema and queues.
    await app.services.jobs.start();
    // The one process that holds an embedded PGlite vacuums it, workers or not.
    app.services.pgliteVacuum?.start({ firstRoundNow: false });
    if (config.TASK_WORKERS > 0) {
      await app.services.tasks.adoptJobless();
      app.services.housekeeping.start();
      app.services.orphanSweep.start();
      // Queued mails are retried by every worker process; SKIP LOCKED claims keep each mail to one.
      app.services.mailRetry.start();
    }
  });
  // The job workers stop while the requests drain, not after: both within the grace.
  let jobsStopped: Promise<void> | undefined;
  app.addHook('preClose', () => {
    jobsStopped = app.services.jobs
      .stop(closeBudgetMs(config.SHUTDOWN_GRACE_MS))
      .catch((error: unknown) => app.log.warn({ err: error }, 'the job queue did not stop cleanly'));
  });
  app.addHook('onClose', async () => {
    await app.services.orphanSweep.stop();
    await app.services.housekeeping.stop();
    await app.services.pgliteVacuum?.stop();
    await app.services.mailRetry.stop();
    await (jobsStopped ?? app.services.jobs.stop(closeBudgetMs(config.SHUTDOWN_GRACE_MS)));
    await app.services.recovery.drain();
    // Attempts still in flight record their outcome before the database goes.
    await app.services.mail.drain(Math.min(4_000, closeBudgetMs(config.SHUTDOWN_GRACE_MS)));
    app.services.mail.close();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Cross-cutting plugins, in this order, each for a reason:
  // the reader's language first (every later hook may answer an error in it), then the one
  // error handler, security headers, the input guard (before any handler reads input), token
  // authentication (before any route's own hooks; onRoute marks token routes in OpenAPI),
  // cookies, compression (onRoute: per-route opt-out), rate limits (onRoute: per-route
  // limits), OpenAPI (onRoute: documents each route) and metrics (labels by route pattern).
  await app.register(requestLocalePlugin);
  await app.register(errorHandlerPlugin);
  await app.register(gracefulClosePlugin, {
    graceMs: config.SHUTDOWN_GRACE_MS,
    drainMs: config.SHUTDOWN_DRAIN_MS,
  });
  await app.register(securityHeadersPlugin, config);
  await app.register(inputGuardPlugin);
  await app.register(apiTokenAuthPlugin);
  await app.register(cookie);
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    // Counted in the database so that a limit holds across every process behind a load balancer.
    store: databaseRateLimitStore(app.services.rateCounters),
    // Every limit per client counts an IPv6 client by its /64, by the portal's one rule rather
    // than whatever the plugin's default is.
    keyGenerator: (request) => clientKey(request.ip),
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_REQUESTS', { params: { seconds: Math.ceil(context.ttl / 1000) } }),
  });
  await app.register(swaggerPlugin);
  await app.register(metricsPlugin, config);

  // Feature routes come after every plugin above: those watch each route as it is added
  // (onRoute: rate limits, OpenAPI, token scopes, compression settings), so a route added
  // earlier would silently miss them; app-structure.test.ts checks that none did. Among
  // themselves the order does not matter: each plugin keeps its hooks (requireSession,
  // permissions) to its own routes.
  for (const register of featureRoutes(config)) await register(app);

  const spaFallback = await registerWeb(app, config.WEB_DIST_DIR);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api');
    if (spaFallback && wantsPage) return spaFallback(reply);
    return sendError(request, reply, new AppError('URL_NOT_FOUND', { params: { path } }));
  });
  return app;
}

/** A route as buildApp saw it being added. */
export type RouteEntry = { method: string; url: string; tokenScope?: string; hidden: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    routeList: RouteEntry[];
  }
}
