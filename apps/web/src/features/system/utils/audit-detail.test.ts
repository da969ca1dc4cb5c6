import { beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { changeLocale, i18n } from '@/lib/i18n';
import { auditDetailLines } from './audit-detail';

const linesOf = (action: string, detail: Record<string, unknown>) =>
  auditDetailLines(action, detail, i18n.getFixedT(null, 'system')).map((l) => `${l.label}: ${l.value}`);

describe('auditDetailLines (issue 18 §3: labelled fields, not JSON)', () => {
  beforeEach(async () => {
    await changeLocale('en-US');
  });

  it('labels each field and writes values as words', () => {
    expect(
      linesOf('user.create', { account: 'alice', roles: ['customer', 'staff'], adminType: '2' }),
    ).toEqual(['Account: alice', 'Roles: customer, staff', 'Admin type: Ordinary user']);
    expect(linesOf('version.preRelease', { version: '1.2', preRelease: true })).toEqual([
      'Version: 1.2',
      'Pre-release: Yes',
    ]);
  });

  it('puts before and after on a line each, and times in local time', () => {
    const createTime = '2026-01-02T03:04:05.000Z';
    expect(
      linesOf('releaseNote.update', {
        changed: ['version', 'items'],
        before: { version: 'v1.0', createTime },
      }),
    ).toEqual(['Changed: Version, Lines', `Before: Version: v1.0; Time: ${formatDateTime(createTime)}`]);
  });

  it('names why a sign-in failed instead of its message key and code', () => {
    expect(linesOf('login.failure', { code: 1011010, reason: 'ACCOUNT_LOCKED' })).toEqual([
      'Reason: Account locked',
    ]);
  });

  it('reads in Chinese too', async () => {
    await changeLocale('zh-CN');
    expect(linesOf('version.recall', { reason: '刷坏主板', notified: 3 })).toEqual([
      '原因: 刷坏主板',
      '已通知用户数: 3',
    ]);
  });
});
