import { DrizzleQueryError } from 'drizzle-orm';
import { STORE_UNAVAILABLE_CODE } from './file-store/file-store';
import { diskFull, type ErrorLike, errorChain, nodePostgresCodeless } from './pg-errors';

/**
 * Why a dependency failed, in the words an operator acts on: fix the credentials, the network
 * (host, port, DNS, firewall), a server too slow or silent, a full disk, a server out of
 * connections, one restarting, the portal's own connection closed (it is stopping), a folder it
 * may not write; `other` says look at `errorCode`.
 */
export type FailureCause =
  | 'credentials'
  | 'network'
  | 'timeout'
  | 'disk-full'
  | 'saturated'
  | 'restarting'
  | 'closed'
  | 'permission'
  | 'other';

/** The dependencies the portal reports on: its database and its file store (a folder or an S3 bucket). */
export type Dependency = 'database' | 'file store' | 'disk';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
]);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);
const PERMISSION_CODES = new Set(['EACCES', 'EPERM', 'EROFS']);
/** SQLSTATE 28000 invalid authorization, 28P01 wrong password. */
const CREDENTIAL_SQLSTATES = new Set(['28000', '28P01']);
/** A SQLSTATE: five characters of digits and capitals, never an errno name (those start with E). */
const SQLSTATE = /^[0-9][0-9A-Z]{4}$/;

function causeOf(current: ErrorLike): FailureCause | null {
  const code = typeof current.code === 'string' ? current.code : undefined;
  if (code !== undefined) {
    if (CREDENTIAL_SQLSTATES.has(code)) return 'credentials';
    if (NETWORK_CODES.has(code) || code.startsWith('08')) return 'network';
    if (TIMEOUT_CODES.has(code) || code === '57014' || code === '55P03') return 'timeout';
    if (code === '53300') return 'saturated';
    if (/^57P0[1-3]$/.test(code)) return 'restarting';
    if (PERMISSION_CODES.has(code)) return 'permission';
  }
  // An S3 server refusing the keys or their signature (InvalidAccessKeyId, SignatureDoesNotMatch,
  // AccessDenied) answers 401 or 403; the SDK names the error, with no code.
  const status = (current as { $metadata?: { httpStatusCode?: unknown } }).$metadata?.httpStatusCode;
  if (status === 401 || status === 403) return 'credentials';
  // AbortSignal.timeout() and the S3 SDK's request timeout.
  if (current.name === 'TimeoutError') return 'timeout';
  const codeless = nodePostgresCodeless(current);
  if (codeless) return codeless;
  return null;
}

/** Why `error` (or what it wraps) says a dependency failed; `other` when nothing in it says. */
export function failureCause(error: unknown): FailureCause {
  if (diskFull(error)) return 'disk-full';
  for (const current of errorChain(error)) {
    const cause = causeOf(current);
    if (cause) return cause;
  }
  return 'other';
}

/**
 * Which dependency `error` came from: the file store when the store said so, the database when
 * a SQLSTATE, drizzle's query wrapper or a node-postgres error is in it, else the disk (a full
 * or read-only folder) or, failing all, null.
 */
export function failedDependency(error: unknown): Dependency | null {
  let disk = false;
  for (const current of errorChain(error)) {
    const code = typeof current.code === 'string' ? current.code : '';
    if (code === STORE_UNAVAILABLE_CODE) return 'file store';
    if (SQLSTATE.test(code) || current instanceof DrizzleQueryError || nodePostgresCodeless(current))
      return 'database';
    if (code === 'ENOSPC' || code === 'EDQUOT' || PERMISSION_CODES.has(code)) disk = true;
  }
  return disk ? 'disk' : null;
}

/** The first code in `error`'s chain (a SQLSTATE, an errno name, an S3 error's name), for the log. */
export function failureCode(error: unknown): string | undefined {
  for (const current of errorChain(error)) {
    if (typeof current.code === 'string' && current.code !== STORE_UNAVAILABLE_CODE) return current.code;
    const status = (current as { $metadata?: { httpStatusCode?: unknown } }).$metadata?.httpStatusCode;
    if (typeof status === 'number' && typeof current.name === 'string') return `${current.name} (${status})`;
  }
  return undefined;
}

/** user:password@ in any URL of `text` (a connection string quoted in a message) becomes ***@. */
export function withoutUrlCredentials(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^/?#\s@]*@/gi, '$1***@');
}

/** The innermost message of `error`'s chain (the driver's own words), short and without credentials. */
export function failureReason(error: unknown): string {
  let message = '';
  for (const current of errorChain(error))
    if (typeof current.message === 'string' && current.message) message = current.message;
  return withoutUrlCredentials(message.slice(0, 300));
}
