import { describe, expect, it } from 'vitest';
import { COMPLIANCE_STATE_LABELS, keyedUnder } from './compliance-terms';
import { COMPLIANCE_STATES } from './inventory';
import { LOCALES } from './locale';

describe('the compliance state names', () => {
  it('name every state in every language, each with its own word', () => {
    for (const locale of LOCALES) {
      const names = COMPLIANCE_STATES.map((state) => COMPLIANCE_STATE_LABELS[locale][state]);
      expect(
        names.every((name) => name.trim().length > 0),
        locale,
      ).toBe(true);
      expect(new Set(names).size, locale).toBe(COMPLIANCE_STATES.length);
      expect(Object.keys(COMPLIANCE_STATE_LABELS[locale]).sort()).toEqual([...COMPLIANCE_STATES].sort());
    }
  });

  it('are the words the console shows in Chinese', () => {
    expect(COMPLIANCE_STATE_LABELS['zh-CN']).toMatchObject({
      vulnerable: '存在漏洞',
      outdated: '版本落后',
      current: '已是最新',
    });
  });
});

describe('keyedUnder', () => {
  it('puts each label under the prefix, with its own key', () => {
    expect(keyedUnder('state', { outdated: 'Outdated', current: 'Current' })).toEqual({
      'state.outdated': 'Outdated',
      'state.current': 'Current',
    });
  });
});
