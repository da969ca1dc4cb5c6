import { z } from 'zod';
import { trimmedText } from './text-field';
import { pageOf, pageQuerySchema } from './paging';

/**
 * Staff administration of roles, menus and dictionaries (application `system`). Each operation
 * has its own button permission code, named after the spec 6 actions (query, add, edit, delete).
 */
export const ROLE_PAGE_PERMISSION = 'sysRole:page';
export const ROLE_ADD_PERMISSION = 'sysRole:add';
export const ROLE_EDIT_PERMISSION = 'sysRole:edit';
export const ROLE_DELETE_PERMISSION = 'sysRole:delete';
export const ROLE_GRANT_PERMISSION = 'sysRole:grant';
export const MENU_PAGE_PERMISSION = 'sysMenu:page';
export const MENU_ADD_PERMISSION = 'sysMenu:add';
export const MENU_EDIT_PERMISSION = 'sysMenu:edit';
export const MENU_DELETE_PERMISSION = 'sysMenu:delete';
export const DICT_PAGE_PERMISSION = 'sysDict:page';
export const DICT_ADD_PERMISSION = 'sysDict:add';
export const DICT_EDIT_PERMISSION = 'sysDict:edit';
export const DICT_DELETE_PERMISSION = 'sysDict:delete';

/** Role, dictionary type and value codes: a letter, then letters, digits, '_' or '-'. */
export const ADMIN_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;
/** A routed menu path: '/' followed by segments of letters, digits, '_', '-' or '.'. */
export const MENU_PATH_PATTERN = /^\/(?:[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*)?$/;
/** The path of an external-link menu (one with a target) is the URL it opens. */
export const MENU_LINK_PATTERN = /^https?:\/\/\S+$/;
/**
 * The `component` strings the console knows how to render (a menu with a link or a target does
 * not render a component). The web app's page registry is typed against this list.
 */
export const MENU_COMPONENTS = [
  'HomePage',
  'Welcome',
  'ErpTool',
  'RouteView',
  'mirror/CustMirrorDownload',
  'tools/ToolsDownload',
  'tools/RequestedTool',
  'tools/Activate',
  'account/center',
  'account/settings',
  'account/settings/base',
  'account/settings/security',
  'account/settings/custom',
  'account/settings/binding',
  'account/settings/notification',
  'account/settings/apiTokens',
  'account/settings/feeds',
  'account/settings/webhooks',
  'system/user',
  'system/audit',
  'system/dashboard',
  'system/role',
  'system/menu',
  'system/dict',
  'system/outbox',
  'system/publishing',
  'system/entitlements',
  'system/releaseNotes',
  'security/Advisories',
  'system/advisories',
  'fleet/Servers',
  'system/fleet',
  'system/psirt',
  'system/psirtReports',
] as const;
export type MenuComponent = (typeof MENU_COMPONENTS)[number];

export const idParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

// Roles

/** GET /api/sysRole/page */
export const roleQuerySchema = pageQuerySchema.extend({
  /** Code or either name containing this text. */
  q: trimmedText(64).optional(),
});
export type RoleQuery = z.input<typeof roleQuerySchema>;

export const roleRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  /** The name in the reader's language. */
  name: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  /** The description in the reader's language. */
  description: z.string(),
  /** Seeded roles the portal relies on (registration gives `customer`): never deleted, code fixed. */
  builtIn: z.boolean(),
  userCount: z.number().int(),
  menuCount: z.number().int(),
  permissionCount: z.number().int(),
});
export type RoleRow = z.infer<typeof roleRowSchema>;
export const rolePageSchema = pageOf(roleRowSchema);

/** POST /api/sysRole/add and PUT /api/sysRole/:id */
export const roleInputSchema = z.object({
  code: trimmedText(50).min(1),
  nameZh: trimmedText(100).min(1),
  nameEn: trimmedText(100).min(1),
  descriptionZh: trimmedText(500).default(''),
  descriptionEn: trimmedText(500).default(''),
});
export type RoleInput = z.input<typeof roleInputSchema>;

/** GET and PUT /api/sysRole/:id/grants: the menus (any application) and button permissions. */
export const roleGrantsSchema = z.object({
  menuIds: z.array(z.number().int().min(1)).max(1000),
  permissionCodes: z.array(z.string().max(100)).max(500),
});
export type RoleGrants = z.infer<typeof roleGrantsSchema>;

/** GET /api/sysRole/grantOptions: what can be granted, menus grouped by application. */
export const grantOptionsSchema = z.object({
  apps: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      menus: z.array(
        z.object({ id: z.number().int(), pid: z.number().int(), title: z.string(), path: z.string() }),
      ),
    }),
  ),
  permissions: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type GrantOptions = z.infer<typeof grantOptionsSchema>;

// Menus

/** A menu with a target is an external link (the console opens its path, a URL, in a new window). */
export const MENU_TARGETS = ['_blank'] as const;

/** GET /api/sysMenu/list?application= : one application's menus, flat, in display order. */
export const menuListQuerySchema = z.object({ application: trimmedText(50).min(1) });

export const menuAdminRowSchema = z.object({
  id: z.number().int(),
  pid: z.number().int(),
  appCode: z.string(),
  name: z.string(),
  path: z.string(),
  component: z.string(),
  redirect: z.string().nullable(),
  icon: z.string().nullable(),
  titleZh: z.string(),
  titleEn: z.string(),
  show: z.boolean(),
  hideChildren: z.boolean(),
  target: z.string().nullable(),
  link: z.string().nullable(),
  sort: z.number().int(),
});
export type MenuAdminRow = z.infer<typeof menuAdminRowSchema>;

const optional = (max: number) =>
  trimmedText(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** POST /api/sysMenu/add and PUT /api/sysMenu/:id (the application is fixed once created). */
export const menuInputSchema = z.object({
  appCode: trimmedText(50).min(1),
  /** 0 for a top-level menu. */
  pid: z.number().int().min(0).default(0),
  name: trimmedText(100).min(1),
  path: trimmedText(500).min(1),
  component: trimmedText(200).default(''),
  redirect: optional(500),
  icon: optional(100),
  titleZh: trimmedText(100).min(1),
  titleEn: trimmedText(100).min(1),
  show: z.boolean().default(true),
  hideChildren: z.boolean().default(false),
  target: z.enum(MENU_TARGETS).nullish().default(null),
  link: optional(2000),
  sort: z.number().int().min(0).max(100_000).default(100),
});
export type MenuInput = z.input<typeof menuInputSchema>;

export const appOptionSchema = z.object({ code: z.string(), name: z.string() });

// Dictionaries

export const dictTypeRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  sort: z.number().int(),
  valueCount: z.number().int(),
});
export type DictTypeRow = z.infer<typeof dictTypeRowSchema>;

export const dictValueRowSchema = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  sort: z.number().int(),
});
export type DictValueRow = z.infer<typeof dictValueRowSchema>;

const dictFields = {
  code: trimmedText(50).min(1),
  nameZh: trimmedText(100).min(1),
  nameEn: trimmedText(100).min(1),
  sort: z.number().int().min(0).max(100_000).default(100),
};
/** POST /api/sysDictType/add and PUT /api/sysDictType/:id */
export const dictTypeInputSchema = z.object(dictFields);
export type DictTypeInput = z.input<typeof dictTypeInputSchema>;
/** POST /api/sysDictData/add and PUT /api/sysDictData/:id (the type is fixed once created). */
export const dictValueInputSchema = z.object({ typeId: z.number().int().min(1), ...dictFields });
export type DictValueInput = z.input<typeof dictValueInputSchema>;
