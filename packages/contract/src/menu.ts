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

/**
 * A response header on every answer to a signed-in session's request: the version of what users
 * may reach (applications, menus, roles, permissions), a number that grows whenever staff change
 * any of them or a user's roles. A console seeing it grow past the version its user (menus) was
 * loaded at loads the user again, so the side menu follows without a reload.
 */
export const ACCESS_VERSION_HEADER = 'x-access-version';
