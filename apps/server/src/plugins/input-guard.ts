import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, type FieldProblem } from '../lib/app-error';

/** Longer strings in a query or a path are never meaningful here (bodies are bounded by bodyLimit). */
export const MAX_PARAM_CHARS = 4096;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A longer bound for this route's query strings than MAX_PARAM_CHARS, where the contract
     * allows one (a list of values in a GET link); its schema still bounds each value.
     */
    maxQueryChars?: number;
  }
}

/**
 * The first field (dotted path) of `value` holding a string that breaks `rule`, or null. A raw
 * body (a Buffer or another typed array: an uploaded file) is no object of fields: walking it
 * took one entry per byte (~19 s for a 2.8 MB workbook, issue 40), so it is left to its route's
 * own parser, which refuses a NUL where it matters (the inventory upload: per line).
 */
function findString(value: unknown, rule: (text: string) => boolean, path: string, depth = 0): string | null {
  if (typeof value === 'string') return rule(value) ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = findString(inner, rule, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

const hasNul = (text: string) => text.includes('\u0000');
const longerThan = (max: number) => (text: string) => text.length > max;

function problem(request: FastifyRequest): FieldProblem | null {
  const parts = { query: request.query, params: request.params, body: request.body } as const;
  const queryMax = request.routeOptions.config?.maxQueryChars ?? MAX_PARAM_CHARS;
  for (const [part, value] of Object.entries(parts)) {
    const nul = findString(value, hasNul, '');
    if (nul !== null) return { field: nul || part, messageKey: 'INPUT_NUL' };
    if (part !== 'body') {
      const long = findString(value, longerThan(part === 'query' ? queryMax : MAX_PARAM_CHARS), '');
      if (long !== null) return { field: long || part, messageKey: 'INPUT_TOO_LONG' };
    }
  }
  return null;
}

/**
 * Bad input, refused in one place for every route before its schema and service see it: a NUL
 * character anywhere (PostgreSQL cannot store one, and no name or text of ours has one) and
 * over-long query or path strings. What still reaches the database out of range (an id past
 * int32, a value past its column) is answered 400 by the error handler (lib/pg-errors.ts).
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const found = problem(request);
    if (found) throw AppError.invalidFields([found]);
  });
});
