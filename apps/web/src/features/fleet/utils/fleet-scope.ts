import { createContext, useContext } from 'react';
import { paths } from '@/config/paths';

/**
 * Whose fleet the page shows: my own ("My servers"), or a customer organisation's as staff see
 * it. The API prefix and the page's address follow it; staff only read (no upload, baselines or
 * bundles in the customer's name).
 */
export type FleetScope = { api: string; base: string; staff: boolean };

export const MY_FLEET: FleetScope = { api: '/fleet', base: paths.fleetServers, staff: false };

/** An organisation's fleet for staff (/system/fleet/12; API /staff/fleet/orgs/12). */
export const organisationFleet = (org: number): FleetScope => ({
  api: `/staff/fleet/orgs/${org}`,
  base: `${paths.staffFleet}/${org}`,
  staff: true,
});

/** Rendered as `<FleetScopeContext value={scope}>` around the page; my own fleet by default. */
export const FleetScopeContext = createContext<FleetScope>(MY_FLEET);

export const useFleetScope = () => useContext(FleetScopeContext);

/** One server's page, below the list's (/fleet/servers/SN-0001): a tab of its own that survives a reload. */
export const serverPathOf = (scope: FleetScope, sn: string) => `${scope.base}/${encodeURIComponent(sn)}`;
