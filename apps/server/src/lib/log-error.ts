import { withoutUrlCredentials } from './dependency-failure';
/** An error as a log line carries it: what went wrong and where, never the objects it holds. */
export type LoggedError = {
  type: string;
  message: string;
  /**
   * The error's own code (SQLSTATE, errno name). Not `code`: the logger censors every `*.code`
   * (captcha and verification codes in logged bodies), which would hide ENOSPC or 57P01.
   */
  errorCode?: string | number;
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
  if (!(error instanceof Error)) return serializeNonError(error);
  const code = (error as { code?: unknown }).code;
  const logged: LoggedError = {
    type: error.constructor?.name || error.name,
    // A driver's message may quote a connection string: its password never reaches the log.
    message: withoutUrlCredentials(error.message.slice(0, MAX_MESSAGE)),
    stack: withoutUrlCredentials(error.stack ?? ''),
  };
  if (typeof code === 'string' || typeof code === 'number') logged.errorCode = code;
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH)
    logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/**
 * Something thrown or emitted that is not an Error: a plain object with a message (pg-boss emits
 * those for a lost connection) keeps its message and code; anything else says what it was.
 */
function serializeNonError(value: unknown): LoggedError {
  if (value && typeof value === 'object') {
    const { message, code, name } = value as { message?: unknown; code?: unknown; name?: unknown };
    const logged: LoggedError = {
      type: typeof name === 'string' ? name : (value.constructor?.name ?? 'object'),
      message: withoutUrlCredentials(
        typeof message === 'string' ? message.slice(0, MAX_MESSAGE) : safeJson(value),
      ),
      stack: '',
    };
    if (typeof code === 'string' || typeof code === 'number') logged.errorCode = code;
    return logged;
  }
  return { type: typeof value, message: String(value).slice(0, MAX_MESSAGE), stack: '' };
}

/** A short JSON text of an object's own plain fields (nested objects named, not dumped). */
function safeJson(value: object): string {
  const flat = Object.fromEntries(
    Object.entries(value)
      .slice(0, 20)
      .map(([key, field]) => [
        key,
        field !== null && typeof field === 'object' ? `[${typeof field}]` : field,
      ]),
  );
  try {
    return JSON.stringify(flat).slice(0, MAX_MESSAGE);
  } catch {
    return '[unserialisable object]';
  }
}
