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
