import { z } from 'zod';
import { pageOf, pageQuerySchema } from './paging';

export const NOTICE_TYPES = ['notice', 'message', 'event'] as const;

export const noticeSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTICE_TYPES),
  title: z.string(),
  content: z.string(),
  createTime: z.string(),
  read: z.boolean(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeListQuerySchema = pageQuerySchema.extend({
  unreadOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const noticePageSchema = pageOf(noticeSchema).extend({ unread: z.number().int() });
export type NoticePage = z.infer<typeof noticePageSchema>;

/** Mark the given notices read, or every notice of the user with `all`. */
export const noticeReadBodySchema = z
  .object({ ids: z.array(z.number().int()).max(100).optional(), all: z.boolean().optional() })
  .refine((body) => body.all === true || (body.ids?.length ?? 0) > 0, { message: 'ids or all is required' });

export const noticeReadResultSchema = z.object({ updated: z.number().int(), unread: z.number().int() });
