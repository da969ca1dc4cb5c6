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
