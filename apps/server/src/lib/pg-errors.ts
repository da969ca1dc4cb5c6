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
 * Runs `write` and, when a unique index refuses it, throws `taken()` instead: the index, not a
 * read before the write, settles two saves racing for the same value.
 */
export async function refuseDuplicate<T>(write: () => Promise<T>, taken: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error)) throw taken();
    throw error;
  }
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
/**
 * What node-postgres (pg 8, pg-pool 3) and PGlite throw with no code at all, by exact message: the pool's
 * own timeouts and a client whose socket closed or that was ended. These are plain `Error`s made
 * in its JavaScript (client.js, pg-pool/index.js), not server errors, so text is all there is; a
 * server error has a SQLSTATE and a socket error its errno name, and those are matched by code.
 */
const NODE_POSTGRES_CODELESS: ReadonlyMap<string, 'timeout' | 'network' | 'closed'> = new Map([
  // pg-pool: no connection free (pool saturated) or none made within connectionTimeoutMillis.
  ['timeout exceeded when trying to connect', 'timeout'],
  ['Connection terminated due to connection timeout', 'timeout'],
  // pg Client: connectionTimeoutMillis elapsed before the server answered, or query_timeout did.
  ['timeout expired', 'timeout'],
  ['Query read timeout', 'timeout'],
  // pg Client: the socket ended (a restart after its 57P01, a cut connection).
  ['Connection terminated unexpectedly', 'network'],
  ['Connection terminated', 'network'],
  ['Client has encountered a connection error and is not queryable', 'network'],
  // Our own side is closing.
  ['Client was closed and is not queryable', 'closed'],
  ['Cannot use a pool after calling end on the pool', 'closed'],
  // PGlite's own, as codeless, once the portal closed it.
  ['PGlite is closed', 'closed'],
]);

/** `error`, what it wraps (drizzle puts the driver's error in `cause`) and an AggregateError's parts. */
export function* errorChain(error: unknown): Generator<ErrorLike> {
  const seen: unknown[] = [error];
  for (let index = 0; index < seen.length && index < 10; index++) {
    const current = seen[index];
    if (!current || typeof current !== 'object') continue;
    const candidate = current as ErrorLike;
    yield candidate;
    if (candidate.cause) seen.push(candidate.cause);
    if (Array.isArray(candidate.errors)) seen.push(...(candidate.errors as unknown[]));
  }
}

export type ErrorLike = {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  name?: unknown;
};

/**
 * The kind of a node-postgres error that carries no code, by its exact message, or null. Only an
 * error without a code is read this way: one with a code is classified by the code.
 */
export function nodePostgresCodeless(error: ErrorLike): 'timeout' | 'network' | 'closed' | null {
  if (error.code !== undefined || typeof error.message !== 'string') return null;
  return NODE_POSTGRES_CODELESS.get(error.message) ?? null;
}

/**
 * True when `error` (or what it wraps, a few causes deep, or an AggregateError's parts) says a
 * dependency is unavailable for now: answered 503 with Retry-After, never 500.
 */
export function dependencyUnavailable(error: unknown): boolean {
  for (const current of errorChain(error)) {
    const code = current.code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET_CODES.has(code)))
      return true;
    if (nodePostgresCodeless(current)) return true;
  }
  return false;
}

/** True when `error` (or its cause) is the disk refusing a write: no space left, or a quota reached. */
export function diskFull(error: unknown): boolean {
  for (const { code } of errorChain(error))
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
  return false;
}
