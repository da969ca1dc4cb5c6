import { PUBLISH_SEVERITIES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { severityName } from './notice-fanout';

describe('severityName', () => {
  it('names every severity in both languages, never by its code', () => {
    for (const severity of PUBLISH_SEVERITIES) {
      expect(severityName('en-US', severity)).not.toBe(severity);
      expect(severityName('zh-CN', severity)).not.toBe(severity);
    }
    expect([severityName('en-US', 'optional'), severityName('zh-CN', 'urgent')]).toEqual([
      'Optional',
      '紧急',
    ]);
  });

  it('keeps a severity the catalogue does not know as stored', () => {
    expect(severityName('en-US', 'critical')).toBe('critical');
  });
});
