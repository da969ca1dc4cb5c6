import type { FieldError } from '@portal/contract';
import * as z from 'zod/mini';

/**
 * Failures detected in the browser, for which no server code exists. Negative so they can
 * never clash with the server's ErrorCode catalogue.
 */
export const ClientErrorCode = {
  /** fetch itself failed: server down, DNS, CORS, offline. */
  NETWORK: -1,
  /** No complete answer within API_TIMEOUT_MS. */
  TIMEOUT: -2,
  /** An answer that is not our envelope, typically an HTML error page from a proxy. */
  NOT_AN_ENVELOPE: -3,
  /** A successful envelope whose data does not match the contract schema. */
  SCHEMA_MISMATCH: -4,
  /** The caller cancelled (e.g. React Query dropped the request); nobody needs to be told. */
  ABORTED: -5,
} as const;

const UNREACHABLE_CODES: readonly number[] = [
  ClientErrorCode.NETWORK,
  ClientErrorCode.TIMEOUT,
  ClientErrorCode.NOT_AN_ENVELOPE,
];

/** The one error type every API call rejects with. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** Server ErrorCode or ClientErrorCode. */
  readonly code: number;
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** The envelope's data (e.g. the field errors of a 1012001 answer). */
  readonly data: unknown;
  /** How long the server asked us to wait (429 Retry-After), in seconds. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    code: number;
    message: string;
    status: number;
    data?: unknown;
    retryAfterSeconds?: number;
  }) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.data = init.data ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** True when our server never really answered: down, proxy broken or too slow. */
  get isBackendUnreachable(): boolean {
    return UNREACHABLE_CODES.includes(this.code);
  }
}

/** The contract's fieldErrorSchema in zod/mini, which the sign-in page can afford (see api-client). */
const fieldErrorsSchema = z.array(
  z.object({ field: z.string(), message: z.string() }),
) satisfies z.ZodMiniType<FieldError[]>;

/** The per-field messages of a validation failure, or [] when the error carries none. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!(error instanceof ApiError)) return [];
  const parsed = z.safeParse(fieldErrorsSchema, error.data);
  return parsed.success ? parsed.data : [];
}
