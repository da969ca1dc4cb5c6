/*
 * No zod here: the fwportal CLI bundles this file (`@portal/contract/install-order`) and ships
 * nothing but Node.js.
 */

/**
 * The order a bundle applies components in when staff set none on the version (lower first).
 * The management controller first: it is what flashes the rest (Redfish UpdateService), and
 * vendors' own tools start with it (Dell iDRAC/Lifecycle Controller, Lenovo XCC, HPE iLO first);
 * other versions' prerequisites name it most often. Then the BIOS, then the CPLD, whose
 * activation needs a full power cycle that also activates the BIOS; then the controllers and
 * devices behind them (RAID before the disks it hosts, NICs), the power supplies late (an update
 * takes one out of redundancy), PCIe cards last.
 */
export const DEFAULT_INSTALL_ORDER: Readonly<Record<string, number>> = {
  BMC: 10,
  BIOS: 20,
  CPLD: 30,
  RAID: 40,
  NIC: 50,
  DISK: 60,
  PSU: 70,
  PCIE: 80,
};
/** Kinds with no default order go last. */
export const LAST_INSTALL_ORDER = 90;
/** The install order of a version of `kind`: what staff set, else the kind's default (unknown kinds last). */
export const installOrderOf = (kind: string, set: number | null | undefined): number =>
  set ?? DEFAULT_INSTALL_ORDER[kind] ?? LAST_INSTALL_ORDER;
