/**
 * The server firmware kinds are proper names, written the same in every language; both
 * languages' `publishing` namespace spread them in, so the abbreviations are kept in one place.
 */
export const FIRMWARE_KIND_NAMES = {
  'kind.BMC': 'BMC',
  'kind.BIOS': 'BIOS',
  'kind.PSU': 'PSU',
  'kind.DISK': 'DISK',
  'kind.NIC': 'NIC',
  'kind.CPLD': 'CPLD',
  'kind.RAID': 'RAID',
};
