import { envelopeOf, errorEnvelopeSchema } from '@portal/contract';
import { z } from 'zod';

/** Response schemas of a route: the success envelope plus the error envelope for every failure status. */
export function responses<T extends z.ZodType>(data: T, errorStatuses: number[] = []) {
  const map: Record<number, z.ZodType> = { 200: envelopeOf(data) };
  for (const status of [...errorStatuses, 500]) map[status] = errorEnvelopeSchema;
  return map;
}

export const AUTH_ERRORS = [401, 403];

/**
 * The schema builder of a module's routes about one record named in the path (a user, a version,
 * a webhook): each declares the record's `params` (and its own body or query, if any) and, besides
 * its answer, 400 (a bad id or input), 404 (no such record, or not the caller's), 401/403 and what
 * else it names in `alsoFails`. Permissions stay on each route, where a reader checks them.
 */
export function recordRouteSchema<Params extends z.ZodType>(common: {
  tags: string[];
  security: Record<string, string[]>[];
  params: Params;
}) {
  return <
    Route extends { body?: z.ZodType; querystring?: z.ZodType; answer: z.ZodType; alsoFails?: number[] },
  >(
    summary: string,
    { answer, alsoFails = [], ...input }: Route,
  ) => ({
    tags: common.tags,
    summary,
    security: common.security,
    params: common.params,
    ...input,
    response: responses(answer, [400, 404, ...alsoFails, ...AUTH_ERRORS]),
  });
}

/**
 * The schema builder of a module's routes that answer a whole list, unpaged and with no input
 * (a dashboard's rows, a form's options): the array of `item`, or 401/403 to a caller without
 * the module's session or permission.
 */
export function listRouteSchema(common: { tags: string[]; security: Record<string, string[]>[] }) {
  return <Item extends z.ZodType>(summary: string, item: Item) => ({
    tags: common.tags,
    summary,
    security: common.security,
    response: responses(z.array(item), AUTH_ERRORS),
  });
}
