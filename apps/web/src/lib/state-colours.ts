import type { ComplianceState } from '@portal/contract';
import type { CveLookupStatus } from '@portal/contract/vex';

/**
 * The one colour of each compliance state, wherever the console shows it (My servers, the staff's
 * fleet pages, the CVE lookup). Solid colours dark enough for white text (WCAG AA 4.5:1); the
 * words and an icon carry the meaning as well, so the colour is never the only sign.
 */
export const STATE_COLOURS: Record<ComplianceState, string> = {
  vulnerable: '#a8071a',
  // antd's magenta-8: apart from vulnerable's red and outdated's brown, 4.5:1 with white text.
  under_investigation: '#9e1068',
  outdated: '#874d00',
  unsupported: '#531dab',
  unknown: '#595959',
  newer: '#0050b3',
  current: '#237804',
};

/**
 * A CVE lookup status in the colour of the state My servers gives that component: affected is
 * vulnerable's red, under investigation and unknown their own; not affected and fixed leave
 * nothing to do, in current's green and newer's blue.
 */
export const CVE_STATUS_COLOURS: Record<CveLookupStatus, string> = {
  known_affected: STATE_COLOURS.vulnerable,
  under_investigation: STATE_COLOURS.under_investigation,
  unknown: STATE_COLOURS.unknown,
  known_not_affected: STATE_COLOURS.current,
  fixed: STATE_COLOURS.newer,
};
