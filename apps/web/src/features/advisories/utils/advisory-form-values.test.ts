import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { buildStaffAdvisoryDetail } from '../test-data';
import { NEW_ADVISORY, toFormValues, toInput } from './advisory-form-values';

describe('advisory form values', () => {
  it('round-trips a saved input through the form', () => {
    const { input } = buildStaffAdvisoryDetail();
    const values = toFormValues(input);
    expect(values.affected[0]?.by).toBe('pn');
    expect(dayjs.isDayjs(values.publishAt)).toBe(true);
    expect(toInput(values)).toEqual(input);
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
      affectedFrom: null,
      fixedIn: '2.0',
    });
    expect(input.vulnerabilities[0]).toMatchObject({ cweId: null, cvss40Vector: null });
    expect(input.publishAt).toBeNull();
  });
});
