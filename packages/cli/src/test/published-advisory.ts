import {
  advisoryRoles,
  approvedAdvisory,
  signedInWith,
} from '../../../../apps/server/src/test/advisory-fixtures';
import { type FlawAdvisory, flawAdvisoryInput } from '../../../../apps/server/src/test/advisory-input';
import type { FleetPortal } from './portal-fixture.ts';

/**
 * An advisory of one flaw (see flawAdvisoryInput) published on `portal` through the staff
 * workflow: written by one PSIRT member and approved by another, their roles named after `prefix`.
 */
export async function publishedFlaw(portal: FleetPortal, prefix: string, flaw: FlawAdvisory) {
  const roles = await advisoryRoles(portal.t, prefix);
  const writer = await signedInWith(portal.t, roles.writer);
  const approver = await signedInWith(portal.t, roles.approver);
  return approvedAdvisory(portal.t, writer.token, approver.token, flawAdvisoryInput(flaw));
}
