import { STORE_UNAVAILABLE_CODE } from './file-store/file-store';

/**
 * The constraint name when `error` (or what it wraps: drizzle puts the driver's
 * error in `cause`) is a PostgreSQL unique violation (SQLSTATE 23505), else null.
 * node-postgres and PGlite both expose `code` and `constraint`.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505')
      return typeof candidate.constraint === 'string' ? candidate.constraint : 'unknown';
    current = candidate.cause;
  }
  return null;
}

/**
 * True when `error` is PostgreSQL refusing a value itself (SQLSTATE class 22, data exception:
 * integer out of range, value too long, invalid text representation, NUL byte...): bad input
 * that got past the schemas, answered 400, never 500.
 */
export function invalidValue(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * SQLSTATEs and socket errors that mean "the database (or another dependency) is away, restarting
 * or saturated", not "this request is wrong": connection exceptions (class 08), the server shutting
 * down or starting (57P01-57P03), too many connections (53300), a statement cancelled by
 * `statement_timeout` (57014) or a lock not available in time (55P03); the socket errors of a
 * peer that is gone or silent; and the file store's StoreUnavailableError.
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300|57014|55P03)$/;
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  STORE_UNAVAILABLE_CODE,
]);
/** node-postgres says these in words only (no code): a pool acquisition or a query that timed out, a dead client. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * True when `error` (or what it wraps, a few causes deep, or an AggregateError's parts) says a
 * dependency is unavailable for now: answered 503 with Retry-After, never 500.
 */
export function dependencyUnavailable(error: unknown): boolean {
  const seen: unknown[] = [error];
  for (let index = 0; index < seen.length && index < 10; index++) {
    const current = seen[index] as
      { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; name?: unknown } | undefined;
    if (!current || typeof current !== 'object') continue;
    const code = current.code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET_CODES.has(code)))
      return true;
    const message = typeof current.message === 'string' ? current.message : '';
    if (UNAVAILABLE_MESSAGES.some((words) => message.includes(words))) return true;
    if (current.cause) seen.push(current.cause);
    if (Array.isArray(current.errors)) seen.push(...(current.errors as unknown[]));
  }
  return false;
}

/** True when `error` (or its cause) is the disk refusing a write: no space left, or a quota reached. */
export function diskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
