import {
  COMPLIANCE_STATE_LABELS,
  CVE_LOOKUP_COLUMN_LABELS,
  keyedUnder,
} from '@portal/contract/compliance-terms';
/** `fwportal audit --cve`, in English; vex.zh-CN.ts has the same keys. */
export const vexEnUS = {
  'cve.badId': '{cve} is not a CVE id (CVE-YYYY-NNNN)',
  'cve.noAdvisory': 'No advisory you may read cites {cve}: the vendor has published nothing about it yet',
  'cve.advisory': '{id}: {title}',
  ...keyedUnder('cve.column', CVE_LOOKUP_COLUMN_LABELS['en-US']),
  'cve.notReported': 'not reported',
  'cve.status.known_affected': 'affected',
  'cve.status.under_investigation': 'under investigation',
  // A version the catalogue cannot order: the word of `audit` (and My servers) for it.
  'cve.status.unknown': COMPLIANCE_STATE_LABELS['en-US'].unknown.toLowerCase(),
  'cve.status.known_not_affected': 'not affected',
  'cve.status.fixed': 'fixed',
  'cve.summary':
    '{named} of your servers named by the advisories; {notNamed} not named (their models and cards are not concerned)',
} as const;
