import { ADVISORY_STATUSES, AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { system as enSystem } from '@/locales/en-US/system';
import { system as zhSystem } from '@/locales/zh-CN/system';
import { AUDIT_DETAIL_FIELDS, AUDIT_LOGIN_FAILURE_REASONS } from './utils/audit-detail';

/** The audit page names every action and target in the reader's language, never by its code. */
describe('audit labels', () => {
  it.each([
    ['en-US', enSystem],
    ['zh-CN', zhSystem],
  ] as const)(
    'has a %s label for every action, target and detail field the server records',
    (_locale, labels) => {
      const keys = Object.keys(labels);
      const missing = [
        ...AUDIT_ACTIONS.map((action) => `audit.actions.${action}`),
        ...AUDIT_TARGET_TYPES.map((type) => `audit.targets.${type}`),
        ...AUDIT_DETAIL_FIELDS.map((field) => `audit.fields.${field}`),
        ...AUDIT_LOGIN_FAILURE_REASONS.map((reason) => `audit.reasons.${reason}`),
        ...ADVISORY_STATUSES.map((status) => `audit.advisoryStatus.${status}`),
      ].filter((key) => !keys.includes(key));
      expect(missing).toEqual([]);
    },
  );
});
