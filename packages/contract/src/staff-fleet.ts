import { z } from 'zod';
import { USER_PAGE_PERMISSION } from './users-admin';

/**
 * Staff see "My servers" as any customer organisation sees it: those who administer customer
 * accounts (list users, assign them to organisations) may read every organisation's fleet.
 */
export const STAFF_FLEET_PERMISSION = USER_PAGE_PERMISSION;

/** A customer organisation, with its active accounts and the servers it owns (shipped or verified). */
export const staffFleetOrgSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  members: z.number().int(),
  servers: z.number().int(),
});
/**
 * GET /api/staff/fleet/orgs: each organisation with its servers whose worst state is vulnerable,
 * under investigation (issue 43 §2) or outdated (the same summary as its "My servers" page; the
 * keys are the states' names), most vulnerable first, then most under investigation, then most
 * outdated, then by name: whom PSIRT calls first (issue 42 §2).
 */
export const staffFleetOrgRowSchema = staffFleetOrgSchema.extend({
  vulnerable: z.number().int(),
  under_investigation: z.number().int(),
  outdated: z.number().int(),
});
export type StaffFleetOrg = z.infer<typeof staffFleetOrgRowSchema>;

export const staffFleetOrgParamsSchema = z.object({
  org: z.coerce.number().int().min(1).max(2_147_483_647),
});
export const staffFleetServerParamsSchema = staffFleetOrgParamsSchema.extend({
  sn: z.string().trim().toUpperCase().min(1).max(64),
});
