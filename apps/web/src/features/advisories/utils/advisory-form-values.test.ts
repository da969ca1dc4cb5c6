import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { buildStaffAdvisoryDetail } from '../test-data';
import { NEW_ADVISORY, toFormValues, toInput } from './advisory-form-values';

describe('advisory form values', () => {
  it('round-trips a saved input through the form', () => {
    const { input } = buildStaffAdvisoryDetail();
    const beforeEmbargoEnds = new Date(Date.parse(input.publishAt ?? '') - 60_000);
    const values = toFormValues(input, beforeEmbargoEnds);
    expect(values.affected[0]?.by).toBe('pn');
    expect(dayjs.isDayjs(values.publishAt)).toBe(true);
    expect(toInput(values)).toEqual(input);
  });

  it('starts with no publish time once the one saved has passed (it was published then)', () => {
    const { input } = buildStaffAdvisoryDetail();
    const afterEmbargoEnded = new Date(Date.parse(input.publishAt ?? '') + 60_000);
    const values = toFormValues(input, afterEmbargoEnded);
    expect(values.publishAt).toBeNull();
    expect(toInput(values)).toEqual({ ...input, publishAt: null });
  });

  it('keeps only the product the row is by, and empty optionals as null', () => {
    const input = toInput({
      ...NEW_ADVISORY,
      affected: [
        { by: 'model', modelId: 5, pn: 'LEFT-OVER', kind: 'BMC', affectedFrom: ' ', fixedIn: '2.0' },
      ],
      vulnerabilities: [{ ...NEW_ADVISORY.vulnerabilities[0]!, cweId: '', cvss40Vector: '' }],
    });
    expect(input.affected[0]).toEqual({
      modelId: 5,
      pn: null,
      kind: 'BMC',
      status: 'known_affected',
      affectedFrom: null,
      fixedIn: '2.0',
    });
    expect(input.vulnerabilities[0]).toMatchObject({ cweId: null, cvss40Vector: null });
    expect(input.publishAt).toBeNull();
  });

  it('keeps the reason of a product not affected only, and an empty range end as null', () => {
    const reason = {
      justification: 'vulnerable_code_not_in_execute_path' as const,
      impactZh: '',
      impactEn: 'The module is never loaded.',
    };
    const input = toInput({
      ...NEW_ADVISORY,
      affected: [
        {
          by: 'model',
          modelId: 5,
          kind: 'BMC',
          status: 'known_not_affected',
          affectedFrom: null,
          fixedIn: ' ',
          ...reason,
        },
        {
          by: 'model',
          modelId: 6,
          kind: 'BMC',
          status: 'under_investigation',
          affectedFrom: null,
          fixedIn: '',
          ...reason,
        },
      ],
    });
    expect(input.affected[0]).toEqual({
      modelId: 5,
      pn: null,
      kind: 'BMC',
      status: 'known_not_affected',
      affectedFrom: null,
      fixedIn: null,
      ...reason,
    });
    expect(input.affected[1]).not.toHaveProperty('justification');
    expect(input.affected[1]).not.toHaveProperty('impactEn');
    expect(input.affected[1]?.fixedIn).toBeNull();
  });
});
