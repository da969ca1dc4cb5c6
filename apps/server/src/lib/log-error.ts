/** An error as a log line carries it: what went wrong and where, never the objects it holds. */
export type LoggedError = {
  type: string;
  message: string;
  code?: string | number;
  /** Empty when the error had none (pino's shape requires the field). */
  stack: string;
  cause?: LoggedError;
};

const MAX_MESSAGE = 2_000;
const MAX_CAUSE_DEPTH = 3;

/**
 * pino's own error serializer copies every enumerable property: a node-postgres error carries its
 * client (connection parameters, every prepared statement's SQL: about 5 kB), an HTTP client's
 * error its request and response. Only the type, message, code, stack and (a few levels of)
 * cause are kept.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: String(error).slice(0, MAX_MESSAGE), stack: '' };
  }
  const code = (error as { code?: unknown }).code;
  const logged: LoggedError = {
    type: error.constructor?.name || error.name,
    message: error.message.slice(0, MAX_MESSAGE),
    stack: error.stack ?? '',
  };
  if (typeof code === 'string' || typeof code === 'number') logged.code = code;
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}
