/*
 * What the rest of the server uses of the fleet module (issues 34, 40): its wiring and route
 * plugins. Other modules import only this file (`.dependency-cruiser.cjs`:
 * server-modules-through-public-entry); the compliance rules themselves are the contract's
 * (`@portal/contract/compliance`).
 */
export { createFleetServices, type FleetServices, pruneReportHistory } from './fleet-services';
export { fleetRoutes } from './fleet-resolve.routes';
export { installedBaseRoutes, inventoryRoutes } from './inventory.routes';
export { softwareIdRoutes } from './software-id.routes';
export { staffFleetRoutes } from './staff-fleet.routes';
export type { InventoryService } from './inventory.service';
