import { z } from 'zod';

/** A node of the server menu list (flat; `pid` 0 is the root). */
export const menuNodeSchema = z.object({
  id: z.number().int(),
  pid: z.number().int(),
  name: z.string(),
  key: z.string(),
  path: z.string(),
  component: z.string(),
  redirect: z.string().nullable(),
  hideChildren: z.boolean(),
  meta: z.object({
    title: z.string(),
    icon: z.string().nullable(),
    show: z.boolean(),
    hideChildren: z.boolean(),
    target: z.string().nullable(),
    link: z.string().nullable(),
  }),
});
export type MenuNode = z.infer<typeof menuNodeSchema>;

export const menuChangeBodySchema = z.object({
  application: z.string().min(1).max(50),
});
export type MenuChangeBody = z.infer<typeof menuChangeBodySchema>;
