/*
 * The words the compliance rules speak in, free of zod: the rule engine (`./index.ts`) and the
 * fwportal CLI bundle them, and the zod schemas of the contract (inventory.ts, catalog.ts,
 * advisories.ts) build their enums from these same lists.
 */

/** Server firmware kinds of the firmware download page (versions name the models they support). */
export const SERVER_FIRMWARE_KINDS = ['BMC', 'BIOS', 'PSU', 'DISK', 'NIC', 'CPLD', 'RAID'] as const;
/** Component kinds a report names: the server's own firmware kinds, and PCIe cards by part number. */
export const INVENTORY_KINDS = [...SERVER_FIRMWARE_KINDS, 'PCIE'] as const;
export type InventoryKind = (typeof INVENTORY_KINDS)[number];
/** Where an installed version was learnt. */
export const INVENTORY_SOURCES = ['shipping', 'upload', 'api', 'audit'] as const;
export type InventorySource = (typeof INVENTORY_SOURCES)[number];
/**
 * Worst first: a server's state is its worst component's. `unsupported` is a server's only (its
 * model is past its end of security support, issue 43 §4): it replaces what would have been
 * unknown, newer or current, never a state above it, which says more.
 *
 * `under_investigation` (issue 43 §2): a visible advisory says of the version a component runs
 * that the vendor does not know yet whether it is affected. Below `vulnerable`: nothing is
 * confirmed and there is no fix to install, while a vulnerable component has a known flaw and,
 * mostly, its fix; a customer handles the confirmed exposure first. Above `outdated`: it is a
 * possible security exposure the customer must watch and may have to mitigate now (the advisory's
 * workarounds), while being behind the target without any advisory naming the version is routine
 * maintenance. A component both under investigation and behind its target keeps its `behind` and
 * target, so the update is still offered (bundles, fwportal update).
 */
export const COMPLIANCE_STATES = [
  'vulnerable',
  'under_investigation',
  'outdated',
  'unsupported',
  'unknown',
  'newer',
  'current',
] as const;
export type ComplianceState = (typeof COMPLIANCE_STATES)[number];
/** A prerequisite judged against one server's installed versions. */
export const PREREQUISITE_STATUSES = ['satisfied', 'unsatisfied', 'unknown'] as const;
export type PrerequisiteStatus = (typeof PREREQUISITE_STATUSES)[number];
/** CVSS v3.1 qualitative ratings, as CSAF's `baseSeverity` spells them (worst first). */
export const ADVISORY_SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE'] as const;
export type AdvisorySeverity = (typeof ADVISORY_SEVERITIES)[number];
