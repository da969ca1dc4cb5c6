import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { changeLocale, i18n } from '@/lib/i18n';
import { auditDetailLines, auditTargetText } from './audit-detail';

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

  // Issue 42 §2: "status: in_review", "advisoryId" (missing keys) and "Security advisory #4".
  describe('an advisory entry', () => {
    let errors: ReturnType<typeof vi.spyOn>;
    beforeEach(() => {
      errors = vi.spyOn(console, 'error');
    });
    afterEach(() => errors.mockRestore());
    const entry = {
      targetType: 'advisory',
      targetId: '4',
      detail: { advisoryId: 'VENDOR-SA-2026-0004', status: 'in_review', revision: 2 },
    };

    it('names its fields and states in words, and the advisory by its public id', async () => {
      expect(linesOf('advisory.submit', entry.detail)).toEqual([
        'Advisory ID: VENDOR-SA-2026-0004',
        'Status: In review',
        'Revision: 2',
      ]);
      expect(auditTargetText(entry, i18n.getFixedT(null, 'system'))).toBe(
        'Security advisory VENDOR-SA-2026-0004',
      );
      await changeLocale('zh-CN');
      expect(linesOf('advisory.approve', { ...entry.detail, status: 'approved' })).toEqual([
        '公告编号: VENDOR-SA-2026-0004',
        '状态: 已批准',
        '修订版本: 2',
      ]);
      expect(auditTargetText(entry, i18n.getFixedT(null, 'system'))).toBe('安全公告 VENDOR-SA-2026-0004');
      expect(errors).not.toHaveBeenCalled();
    });

    it('keeps the record number of other targets', () => {
      expect(
        auditTargetText({ targetType: 'version', targetId: '7', detail: {} }, i18n.getFixedT(null, 'system')),
      ).toBe('Version #7');
    });
  });

  it('reads in Chinese too', async () => {
    await changeLocale('zh-CN');
    expect(linesOf('version.recall', { reason: '刷坏主板', notified: 3 })).toEqual([
      '原因: 刷坏主板',
      '已通知用户数: 3',
    ]);
  });
});
