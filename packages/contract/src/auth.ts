import { z } from 'zod';
import { ACCOUNT_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from './limits';
import { localeSchema } from './locale';
import { menuNodeSchema } from './menu';

/** Empty fields are allowed through the schema so the service can answer 1011001. */
export const loginBodySchema = z.object({
  account: z.string().max(ACCOUNT_MAX_LENGTH).default(''),
  password: z.string().max(LOGIN_PASSWORD_MAX_LENGTH).default(''),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginQuerySchema = z.object({
  code: z.string().max(16).optional(),
  locale: z.string().max(16).optional(),
});

export const loginResultSchema = z.object({ token: z.string() });
export type LoginResult = z.infer<typeof loginResultSchema>;

export const publicConfigSchema = z.object({
  captchaEnabled: z.boolean(),
  portalName: z.string(),
  /**
   * Origins besides the portal's own that a menu link may hand the user's token to (spec 2's
   * `token=` links): TOKEN_LINK_ORIGINS. A link to any other origin gets no token.
   */
  tokenLinkOrigins: z.array(z.string()).optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const appEntrySchema = z.object({
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
});
export type AppEntry = z.infer<typeof appEntrySchema>;

export const roleEntrySchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const loginUserSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickName: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  adminType: z.enum(['1', '2']),
  sourceType: z.string(),
  locale: localeSchema,
  lastLoginIp: z.string().nullable(),
  lastLoginTime: z.string().nullable(),
  apps: z.array(appEntrySchema),
  roles: z.array(roleEntrySchema),
  permissions: z.array(z.string()),
  menus: z.array(menuNodeSchema),
  /**
   * The application of every menu path the user may open, in all their applications: a link
   * to a page of another application switches to it instead of falling back to the home page.
   */
  appOfPath: z.record(z.string(), z.string()).optional(),
});
export type LoginUser = z.infer<typeof loginUserSchema>;
