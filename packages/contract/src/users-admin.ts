import { z } from 'zod';
import { trimmedText } from './text-field';
import { downloadRecordSchema } from './download';
import { loginRecordSchema } from './account';
import { pageOf, pageQuerySchema } from './paging';
import { accountContactFields } from './profile';
import { verificationSchema } from './serial';
import { EMAIL_MAX_LENGTH } from './limits';

/** Staff user administration (application `system`, spec section 6 actions). */
export const USER_PAGE_PERMISSION = 'sysUser:page';
export const USER_EDIT_PERMISSION = 'sysUser:edit';

export const USER_STATUSES = ['active', 'frozen', 'locked'] as const;

/** GET /api/sysUser/page */
export const userAdminQuerySchema = pageQuerySchema.extend({
  /** Account, nickname, name, email, phone or company containing this text. */
  q: z.string().trim().max(64).optional(),
  status: z.enum(USER_STATUSES).optional(),
  role: z.string().trim().max(50).optional(),
});
export type UserAdminQuery = z.input<typeof userAdminQuerySchema>;

export const userAdminRowSchema = z.object({
  id: z.number().int(),
  /** `company` is what the user typed: contact information, grants nothing. */
  ...accountContactFields,
  /** The customer organisation staff assigned (restricted firmware, SNs, entitlements follow it). */
  organisation: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  industry: z.string(),
  adminType: z.enum(['1', '2']),
  sourceType: z.string(),
  frozen: z.boolean(),
  /** ISO time while the account is locked after failed sign-ins, else null. */
  lockedUntil: z.string().nullable(),
  roles: z.array(z.object({ code: z.string(), name: z.string() })),
  lastLoginIp: z.string().nullable(),
  lastLoginTime: z.string().nullable(),
  createTime: z.string(),
});
export type UserAdminRow = z.infer<typeof userAdminRowSchema>;
export const userAdminPageSchema = pageOf(userAdminRowSchema);

/** How long each contact field may be: the schema below enforces it, the staff form stops typing at it. */
export const USER_CONTACT_MAX_LENGTHS = {
  nickName: 64,
  name: 64,
  email: EMAIL_MAX_LENGTH,
  phone: 32,
  company: 128,
} as const;
const MAX = USER_CONTACT_MAX_LENGTHS;

/** Editable profile fields (staff). */
export const userAdminEditSchema = z.object({
  nickName: trimmedText(MAX.nickName).min(1),
  name: trimmedText(MAX.name).default(''),
  email: z.union([z.literal(''), z.email().max(MAX.email)]).default(''),
  phone: trimmedText(MAX.phone).default(''),
  company: trimmedText(MAX.company).default(''),
  industry: trimmedText(64).default(''),
  /** '1' super admin: only a super admin may grant or take it. */
  adminType: z.enum(['1', '2']).default('2'),
});
export type UserAdminEdit = z.input<typeof userAdminEditSchema>;

/** POST /api/sysUser/add: a staff-created account (sourceType '00'); the password follows the spec rule. */
export const userAdminCreateSchema = userAdminEditSchema.extend({
  account: z.string().trim().min(1).max(64),
  password: z.string().max(128),
  roleCodes: z.array(z.string().max(50)).max(50).default([]),
});
export type UserAdminCreate = z.input<typeof userAdminCreateSchema>;

export const userIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const freezeBodySchema = z.object({ frozen: z.boolean() });
export const grantRolesBodySchema = z.object({ roleCodes: z.array(z.string().max(50)).max(50) });
/** A customer organisation (the owner of shipped servers, entitlements and customer grants). */
export const organisationSchema = z.object({ id: z.number().int(), name: z.string() });
export type Organisation = z.infer<typeof organisationSchema>;

/**
 * Staff assign a user to an organisation: an existing one by id, one found or created by name
 * (e.g. the company the user typed, approved as a request), or none (null id).
 */
export const assignOrganisationSchema = z.union([
  z.object({ organisationId: z.number().int().positive().max(2_147_483_647).nullable() }),
  z.object({ name: z.string().trim().min(1).max(128) }),
]);
export type AssignOrganisation = z.infer<typeof assignOrganisationSchema>;

export const bindSerialsAdminSchema = z.object({
  serials: z.array(z.string().trim().min(1).max(64)).min(1).max(10),
  /** Support confirms the binding at once (else the usual rule: verified when shipped to the company). */
  verify: z.boolean().default(true),
});

/** GET /api/sysUser/:id/detail: what support looks at for one user. */
export const userAdminDetailSchema = z.object({
  user: userAdminRowSchema,
  sessions: z.array(
    z.object({
      id: z.number().int(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      createTime: z.string(),
      expiresTime: z.string(),
    }),
  ),
  logins: z.array(loginRecordSchema),
  downloads: z.array(downloadRecordSchema),
  serials: verificationSchema,
});
export type UserAdminDetail = z.infer<typeof userAdminDetailSchema>;
export const userAdminRoleOptionSchema = z.object({ code: z.string(), name: z.string() });
