import { taskRoutes } from './modules/tasks/tasks.routes';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/connection';
import { AppError } from './lib/app-error';
import { type Clock, systemClock } from './lib/clock';
import { accountRoutes } from './modules/account/account.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { usersAdminRoutes } from './modules/users-admin/users-admin.routes';
import { menusAdminRoutes } from './modules/access-admin/menus-admin.routes';
import { rolesAdminRoutes } from './modules/access-admin/roles-admin.routes';
import { dictAdminRoutes } from './modules/dict/dict-admin.routes';
import { activationRoutes, licenceKeyRoutes } from './modules/activation/activation.routes';
import { entitlementAdminRoutes } from './modules/activation/entitlement-admin.routes';
import { accessRoutes } from './modules/access/access.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { captchaRoutes } from './modules/captcha/captcha.routes';
import type { CaptchaTextSource } from './modules/captcha/captcha.service';
import { catalogRoutes, publicCatalogRoutes } from './modules/catalog/catalog.routes';
import { pcieRoutes } from './modules/catalog/pcie.routes';
import { dictRoutes } from './modules/dict/dict.routes';
import {
  downloadRecordRoutes,
  downloadRoutes,
  downloadTicketRoutes,
} from './modules/downloads/downloads.routes';
import { fileRoutes } from './modules/files/file.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { recoveryRoutes } from './modules/recovery/recovery.routes';
import { registrationRoutes } from './modules/registration/registration.routes';
import { serialRoutes } from './modules/serials/serial.routes';
import { outboxRoutes } from './modules/sms/outbox.routes';
import { noticeRoutes } from './modules/notice/notice.routes';
import { releaseNoteRoutes } from './modules/release-note/release-note.routes';
import { releaseNoteAdminRoutes } from './modules/release-note/release-note-admin.routes';
import { publishingRoutes } from './modules/publishing/publishing.routes';
import { systemRoutes } from './modules/system/system.routes';
import { errorHandlerPlugin, sendError } from './plugins/error-handler';
import { requestLocalePlugin } from './plugins/request-locale';
import { inputGuardPlugin } from './plugins/input-guard';
import { securityHeadersPlugin } from './plugins/security-headers';
import { registerWeb } from './plugins/static-web';
import { swaggerPlugin } from './plugins/swagger';
import { metricsPlugin } from './plugins/metrics';
import { apiTokenAuthPlugin } from './plugins/api-token-auth';
import { apiTokenLoginRoutes, apiTokenRoutes } from './modules/api-tokens/api-token.routes';
import { fleetRoutes } from './modules/fleet/fleet.routes';
import { feedRoutes, feedTokenRoutes } from './modules/feeds/feed.routes';
import { webhookRoutes } from './modules/webhooks/webhook.routes';
import { createFileStore } from './lib/file-store/create-file-store';
import type { FileStore } from './lib/file-store/file-store';
import { editorImageRoutes } from './modules/publishing/editor-image.routes';
import { createServices } from './services';
import { requestLogSerializer } from './lib/log-redaction';
import { databaseRateLimitStore } from './lib/rate-limit/database-store';
import { resolveLocale } from './lib/i18n/messages';

export type AppOptions = {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Test seam: lets a test setup know the captcha answers it is shown. */
  captchaText?: CaptchaTextSource;
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
  serializers: { req: requestLogSerializer },
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
    logger: options.logger ?? { level: config.LOG_LEVEL },
    // A hop count as proxy-addr reads it (Fastify's types take no number): the last `hops` hops.
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
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
  app.decorate(
    'services',
    createServices(
      config,
      options.database,
      options.clock ?? systemClock,
      app.log,
      options.fileStore ?? (await createFileStore(config)),
      options.captchaText,
    ),
  );
  app.addHook('onReady', async () => {
    // Every process sends jobs, so every process needs the queue's schema and queues.
    await app.services.jobs.start();
    if (config.TASK_WORKERS > 0) {
      await app.services.tasks.adoptJobless();
      app.services.housekeeping.start();
      app.services.orphanSweep.start();
    }
  });
  app.addHook('onClose', async () => {
    await app.services.orphanSweep.stop();
    await app.services.housekeeping.stop();
    await app.services.jobs.stop(config.SHUTDOWN_GRACE_MS);
    await app.services.recovery.drain();
    app.services.mail.close();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(requestLocalePlugin);
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, config);
  await app.register(inputGuardPlugin);
  // Before any route is added: it marks the routes taking tokens in OpenAPI (onRoute).
  await app.register(apiTokenAuthPlugin);
  await app.register(cookie);
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    // Counted in the database so that a limit holds across every process behind a load balancer.
    store: databaseRateLimitStore(app.services.rateCounters),
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_REQUESTS', { params: { seconds: Math.ceil(context.ttl / 1000) } }),
  });
  await app.register(swaggerPlugin);
  await app.register(metricsPlugin, config);

  await app.register(systemRoutes, config);
  await app.register(captchaRoutes);
  await app.register(authRoutes, config);
  await app.register(accessRoutes);
  await app.register(dictRoutes);
  await app.register(noticeRoutes);
  await app.register(releaseNoteRoutes);
  await app.register(accountRoutes);
  await app.register(registrationRoutes, config);
  await app.register(recoveryRoutes, config);
  await app.register(serialRoutes);
  await app.register(profileRoutes);
  await app.register(fileRoutes);
  await app.register(outboxRoutes);
  await app.register(publicCatalogRoutes);
  await app.register(catalogRoutes);
  await app.register(licenceKeyRoutes);
  await app.register(auditRoutes);
  await app.register(dashboardRoutes);
  await app.register(usersAdminRoutes);
  await app.register(rolesAdminRoutes);
  await app.register(menusAdminRoutes);
  await app.register(dictAdminRoutes);
  await app.register(activationRoutes);
  await app.register(entitlementAdminRoutes);
  await app.register(pcieRoutes);
  await app.register(publishingRoutes, config);
  await app.register(editorImageRoutes);
  await app.register(releaseNoteAdminRoutes);
  await app.register(downloadRoutes, config);
  await app.register(downloadRecordRoutes);
  await app.register(downloadTicketRoutes);
  await app.register(taskRoutes);
  await app.register(apiTokenRoutes);
  await app.register(apiTokenLoginRoutes);
  await app.register(fleetRoutes);
  await app.register(feedRoutes);
  await app.register(feedTokenRoutes);
  await app.register(webhookRoutes);

  const spaFallback = await registerWeb(app, config.WEB_DIST_DIR);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api');
    if (spaFallback && wantsPage) return spaFallback(reply);
    return sendError(request, reply, new AppError('URL_NOT_FOUND', { params: { path } }));
  });
  return app;
}
