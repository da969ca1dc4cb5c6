import { ErrorCode, type ErrorCodeName, errorHttpStatus } from '@portal/contract';
import type { MessageKey } from './i18n/messages';

export type MessageParams = Record<string, string | number>;

/**
 * A field the service refused, with the catalogue key of the reason (translated when sent); its
 * own message values when the error's are not the right ones, and a code the client may read
 * (SBOM problems: issue 43).
 */
export type FieldProblem = { field: string; messageKey: MessageKey; params?: MessageParams; code?: string };

/** What a 503 asks a client to wait: about the time a database restart or a failover takes. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The one error type of the server. It carries a catalogue code; the error
 * handler turns it into the envelope with a message in the request's language.
 */
export class AppError extends Error {
  readonly code: number;
  readonly statusCode: number;
  readonly messageKey: MessageKey;
  readonly params: MessageParams;
  readonly data: unknown;
  readonly headers: Record<string, string>;
  readonly fields: FieldProblem[];

  /**
   * 503 with Retry-After: a dependency (database, object store) is away or saturated; the request
   * was not carried out and may be sent again.
   */
  static unavailable(retryAfterSeconds = RETRY_AFTER_SECONDS): AppError {
    return new AppError('SERVICE_UNAVAILABLE', {
      params: { seconds: retryAfterSeconds },
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }

  /**
   * `name` (a code, path... already exists), naming `field` as the one whose `value` another
   * record has, so the form marks that field; the value is the message's `{field}` parameter.
   */
  static duplicateField(name: ErrorCodeName, field: string, value: string): AppError {
    return new AppError(name, {
      params: { [field]: value },
      fields: [{ field, messageKey: 'FIELD_DUPLICATE' }],
    });
  }

  /** 1012001 naming each refused field; the envelope's data lists them in the reader's language. */
  static invalidFields(fields: FieldProblem[]): AppError {
    return new AppError('PARAM_ERROR', { fields });
  }

  constructor(
    name: ErrorCodeName,
    options: {
      params?: MessageParams;
      data?: unknown;
      messageKey?: MessageKey;
      headers?: Record<string, string>;
      fields?: FieldProblem[];
    } = {},
  ) {
    super(name);
    this.code = ErrorCode[name];
    this.statusCode = errorHttpStatus[ErrorCode[name]];
    this.messageKey = options.messageKey ?? name;
    this.params = options.params ?? {};
    this.data = options.data ?? null;
    this.headers = options.headers ?? {};
    this.fields = options.fields ?? [];
  }
}
