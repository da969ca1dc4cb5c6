import { staffFleetOrgRowSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { FLEET_KEY } from './fleet-keys';

/**
 * GET /staff/fleet/orgs: customer organisations with their accounts, servers, and vulnerable and
 * outdated servers, most vulnerable first (staff).
 */
export function getStaffOrgs(signal?: AbortSignal) {
  return apiClient.get('/staff/fleet/orgs', z.array(staffFleetOrgRowSchema), { signal, quiet: true });
}

export const useStaffOrgs = () =>
  useQuery({ queryKey: [...FLEET_KEY, 'staff-orgs'], queryFn: ({ signal }) => getStaffOrgs(signal) });
