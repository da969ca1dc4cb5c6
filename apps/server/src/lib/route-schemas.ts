import { envelopeOf, errorEnvelopeSchema } from '@portal/contract';
import type { z } from 'zod';

/** Response schemas of a route: the success envelope plus the error envelope for every failure status. */
export function responses<T extends z.ZodType>(data: T, errorStatuses: number[] = []) {
  const map: Record<number, z.ZodType> = { 200: envelopeOf(data) };
  for (const status of [...errorStatuses, 500]) map[status] = errorEnvelopeSchema;
  return map;
}

export const AUTH_ERRORS = [401, 403];
