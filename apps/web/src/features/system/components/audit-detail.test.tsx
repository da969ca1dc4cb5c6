import type { AuditEntry } from '@portal/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { AuditDetail } from './audit-detail';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  actorId: 1,
  actorAccount: 'admin',
  action: 'role.grant',
  targetType: 'role',
  targetId: '2',
  detail: {},
  ip: null,
  createTime: '2026-11-25T08:00:00.000Z',
  ...overrides,
});

/** The role grant as the server records it (codes and ids) and names it for a Chinese reader. */
const GRANT = entry({
  detail: { code: 'staff', menuIds: [12], permissionCodes: ['license:manage', 'sysAudit:page'] },
  names: {
    code: { staff: '员工' },
    menuIds: { '12': '账号设置' },
    permissionCodes: { 'license:manage': '管理授权', 'sysAudit:page': '查看审计日志' },
  },
});

const shown = () => screen.getByTestId('audit-detail').textContent ?? '';

describe('audit detail', () => {
  afterEach(() => act(() => changeLocale('en-US')));

  it('reads roles, permissions and menus by name in the reader’s language, never by code', async () => {
    await act(() => changeLocale('zh-CN'));
    render(<AuditDetail entry={GRANT} />);
    expect(shown()).toContain('角色: 员工');
    expect(shown()).toContain('菜单: 账号设置');
    expect(shown()).toContain('权限: 管理授权, 查看审计日志');
    expect(shown()).not.toMatch(/license:manage|sysAudit:page|staff/);
  });

  it('names the roles a user was given, and a role’s before and after', async () => {
    render(
      <AuditDetail
        entry={entry({
          action: 'user.grantRoles',
          targetType: 'user',
          detail: { account: 'li.lei', roles: ['customer', 'staff'] },
          names: { roles: { customer: 'Customer', staff: 'Staff' } },
        })}
      />,
    );
    expect(shown()).toContain('Roles: Customer, Staff');
    expect(shown()).not.toContain('customer');
  });

  it('names a role’s code inside before and after too', () => {
    render(
      <AuditDetail
        entry={entry({
          action: 'role.update',
          detail: {
            before: { code: 'customer', nameEn: 'Customer' },
            after: { code: 'customer', nameEn: 'Client' },
          },
          names: { code: { customer: 'Customer' } },
        })}
      />,
    );
    expect(shown()).not.toContain('customer');
  });

  it('keeps a code the server could not name (a role deleted since) rather than showing nothing', () => {
    render(
      <AuditDetail
        entry={entry({
          action: 'user.grantRoles',
          targetType: 'user',
          detail: { roles: ['gone'] },
          names: {},
        })}
      />,
    );
    expect(shown()).toContain('Roles: gone');
  });
});
