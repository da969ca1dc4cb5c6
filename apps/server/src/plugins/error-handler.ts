import { dependencyUnavailable, diskFull, invalidValue } from '../lib/pg-errors';
import { type Envelope, ErrorCode, type FieldError } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { systemClock } from '../lib/clock';
import { failedDependency, failureCause, failureCode } from '../lib/dependency-failure';
import { LogThrottle } from '../lib/log-throttle';
import { translate } from '../lib/i18n/messages';

/** What a file answer sets before its body (downloads, task results); an error answer must not keep them. */
const FILE_ANSWER_HEADERS = [
  'content-disposition',
  'etag',
  'last-modified',
  'accept-ranges',
  'content-range',
];

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const fields: FieldError[] = error.fields.map((f) => ({
    field: f.field,
    message: translate(request.locale, f.messageKey, f.params ?? error.params),
    ...(f.code === undefined ? {} : { code: f.code }),
  }));
  const params =
    fields.length > 0
      ? { ...error.params, detail: fields.map((f) => `${f.field} ${f.message}`).join('; ') }
      : error.params;
  const body: Envelope<unknown> = {
    success: false,
    code: error.code,
    message: translate(request.locale, error.messageKey, params),
    data: fields.length > 0 ? fields : error.data,
  };
  // A file answer that failed before its first byte (the store went away) becomes an envelope:
  // no client may save it as the file, or resume the file against its ETag.
  for (const name of FILE_ANSWER_HEADERS) reply.removeHeader(name);
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(error.statusCode).send(body);
}

function fieldErrors(error: FastifyError): FieldError[] {
  const part = error.validationContext ?? 'body';
  return (error.validation ?? []).map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || part;
    return { field, message: issue.message ?? 'invalid' };
  });
}

/** Maps every failure to the envelope; 5xx details go to the log, never to the client. */
function toAppError(error: FastifyError, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = fieldErrors(error);
    const detail = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
    return new AppError('PARAM_ERROR', { params: { detail }, data: fields });
  }
  if (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    (error.statusCode === 400 && error instanceof SyntaxError)
  ) {
    return new AppError('JSON_MALFORMED');
  }
  // A dependency away (database restarting, pool saturated, object store down) or a full disk is
  // the service's state, not a bug: a clear answer the client can act on (retry, or tell staff).
  if (diskFull(error)) return new AppError('STORAGE_FULL');
  if (dependencyUnavailable(error)) return AppError.unavailable();
  if (invalidValue(error)) return new AppError('PARAM_ERROR', { messageKey: 'INPUT_OUT_OF_RANGE' });
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Framework-level client errors (empty body with JSON type, unsupported media type, too large...).
    return new AppError('PARAM_ERROR', { params: { detail: error.message } });
  }
  return new AppError('SERVER_ERROR', { params: { requestId: request.id } });
}

/**
 * During an outage every request fails the same way: one warning per dependency, cause and answer
 * code per this period, with the number held back since the last (`suppressed`).
 */
export const UNAVAILABLE_WARNING_EVERY_MS = 30_000;

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  // The portal's clock (tests step it); a bare Fastify in a plugin test has no services.
  const clock = app.hasDecorator('services') ? app.services.clock : systemClock;
  const outageWarnings = new LogThrottle(clock, UNAVAILABLE_WARNING_EVERY_MS);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error, request);
    if (appError.code === ErrorCode.SERVER_ERROR) {
      request.log.error({ err: error }, 'unhandled error');
    } else if (appError.statusCode >= 500) {
      // Not a bug, but an operator wants to see it: which dependency failed, and how.
      const dependency = failedDependency(error) ?? 'unknown';
      const cause = failureCause(error);
      const suppressed = outageWarnings.admit(`${appError.code} ${dependency} ${cause}`);
      if (suppressed !== null)
        request.log.warn(
          { err: error, code: appError.code, dependency, cause, errorCode: failureCode(error), suppressed },
          appError.code === ErrorCode.STORAGE_FULL ? 'disk full' : 'dependency unavailable',
        );
    } else {
      request.log.info({ code: appError.code, reason: error.message }, 'request refused');
    }
    return sendError(request, reply, appError);
  });
});
