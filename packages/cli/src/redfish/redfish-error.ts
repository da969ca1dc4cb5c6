import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import type { MessageKey } from '../i18n.ts';
import { redfishMessageOf } from './odata.ts';

/** What went wrong with a BMC; `message` is a key of the locale files, shown in the user's language. */
export type RedfishFailure = 'timeout' | 'network' | 'tls' | 'pin' | 'auth' | 'http' | 'answer';

/** The CLI's one error type, with what kind of failure it was and the HTTP status when there was one. */
export class RedfishError extends CliError {
  readonly failure: RedfishFailure;
  readonly status: number | undefined;

  constructor(
    failure: RedfishFailure,
    key: MessageKey,
    params: Record<string, string | number>,
    status?: number,
  ) {
    super(EXIT.unreachable, key, params);
    this.failure = failure;
    this.status = status;
  }
}

/** An answer with a status the caller did not ask for. */
export function httpError(
  host: string,
  method: string,
  path: string,
  answer: { status: number; body: unknown },
) {
  return new RedfishError(
    'http',
    'redfish.httpError',
    { host, method, path, status: answer.status, message: redfishMessageOf(answer.body) || '-' },
    answer.status,
  );
}

/** A socket error as a certificate refusal (`tls`) or an unreachable BMC (`network`, with its code). */
export function networkError(host: string, error: NodeJS.ErrnoException): RedfishError {
  if (error instanceof RedfishError) return error;
  const code = error.code ?? '';
  if (/CERT|SELF_SIGNED|ERR_TLS|SSL|UNABLE_TO/.test(code) || /certificate/i.test(error.message))
    return new RedfishError('tls', 'redfish.tlsRefused', {
      host,
      reason: code || error.message,
    });
  return new RedfishError('network', 'redfish.unreachable', {
    host,
    reason: code || error.message,
    code,
  });
}

/** A request that took longer than its limit. */
export const timeoutError = (host: string, path: string, timeoutMs: number) =>
  new RedfishError('timeout', 'redfish.timeout', {
    host,
    path,
    seconds: Math.round(timeoutMs / 100) / 10,
  });
