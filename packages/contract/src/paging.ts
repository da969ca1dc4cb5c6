import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from './limits';

export const MAX_PAGE_SIZE = 100;

/** Table paging request of spec section 3. */
export const pageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(FIRST_PAGE),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sortField: z.string().max(50).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), totalRows: z.number().int(), pageNo: z.number().int() });
}
export type Page<T> = { rows: T[]; totalRows: number; pageNo: number };
