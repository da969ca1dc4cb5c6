import { COMPLIANCE_STATE_LABELS, COMPLIANCE_STATES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { fleet as enFleet } from './en-US/fleet';
import { fleet as zhFleet } from './zh-CN/fleet';

// The console, the CSV export and fwportal must call each state by the same name.
describe('the console names compliance states as the contract does', () => {
  it.each([
    ['zh-CN', zhFleet],
    ['en-US', enFleet],
  ] as const)('in %s', (locale, fleet) => {
    for (const state of COMPLIANCE_STATES)
      expect(fleet[`state.${state}`], state).toBe(COMPLIANCE_STATE_LABELS[locale][state]);
  });
});
