import { COMPLIANCE_STATE_LABELS, COMPLIANCE_STATES } from '@portal/contract';
import { CVE_LOOKUP_STATUSES } from '@portal/contract/vex';
import { describe, expect, it } from 'vitest';
import { LOCALES, translator } from './i18n.ts';

// The console, the CSV export and fwportal must call each state by the same name.
describe('the CLI names compliance states as the portal does', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`in ${locale}`, () => {
      const t = translator(locale);
      for (const state of COMPLIANCE_STATES)
        expect(t(`audit.state.${state}`), state).toBe(COMPLIANCE_STATE_LABELS[locale][state]);
    });
  }

  it('and its Chinese summary uses the same words', () => {
    const summary = translator('zh-CN')('audit.summary', {
      bmcs: 3,
      read: 3,
      failed: 0,
      current: 1,
      outdated: 1,
      vulnerable: 1,
      unknown: 0,
    });
    for (const state of ['current', 'outdated', 'vulnerable', 'unknown'] as const)
      expect(summary).toContain(COMPLIANCE_STATE_LABELS['zh-CN'][state]);
  });

  it('and its CVE table names every status of the lookup, a version it cannot judge as audit does', () => {
    for (const locale of LOCALES) {
      const t = translator(locale);
      for (const status of CVE_LOOKUP_STATUSES) expect(t(`cve.status.${status}`), status).toBeTruthy();
      expect(t('cve.status.unknown').toLowerCase()).toBe(
        COMPLIANCE_STATE_LABELS[locale].unknown.toLowerCase(),
      );
    }
  });
});
