import { USER_STATUSES, type UserAdminRow } from '@portal/contract';
import { App, Modal, Select, type TableColumnsType, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn } from '@/components/crud-page/actions-column';
import { CrudPage } from '@/components/crud-page/crud-page';
import { RowAction } from '@/components/crud-page/row-action';
import { useActionFeedback } from '@/components/crud-page/use-action-feedback';
import { PagedTable } from '@/components/paged-table/paged-table';
import { usePagedParams } from '@/components/paged-table/use-paged-params';
import { Authorized } from '@/lib/access';
import { formatDateTime } from '@/lib/format';
import {
  type UserListParams,
  useFreezeUser,
  useGrantRoles,
  useResetPassword,
  useRoleOptions,
  useUnlockUser,
  useUsers,
} from './api/users';
import { UserDetailDrawer } from './components/user-detail-drawer';
import { UserFormDrawer } from './components/user-form-drawer';
import { RemoteSelect } from '@/components/remote-select';

const EDIT = 'sysUser:edit';

/**
 * /system/user: find users and run their accounts (spec 6 actions; controls follow permissions).
 * `renderApiTokens` shows a user's personal access tokens in the detail (another feature's part).
 */
export function UsersPage({
  title,
  renderApiTokens,
}: {
  title: string;
  renderApiTokens?: (user: UserAdminRow) => ReactNode;
}) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const { params, filter, page } = usePagedParams<UserListParams>();
  const list = useUsers(params);
  const roleOptions = useRoleOptions();
  const freeze = useFreezeUser();
  const unlock = useUnlockUser();
  const reset = useResetPassword();
  const grant = useGrantRoles();
  const [editing, setEditing] = useState<{ user?: UserAdminRow } | null>(null);
  const [viewing, setViewing] = useState<UserAdminRow | null>(null);
  const [granting, setGranting] = useState<{ user: UserAdminRow; roles: string[] } | null>(null);
  const callbacks = useActionFeedback();

  const columns: TableColumnsType<UserAdminRow> = [
    { title: t('users.account'), dataIndex: 'account' },
    { title: t('users.nickName'), dataIndex: 'nickName' },
    { title: t('users.email'), dataIndex: 'email' },
    { title: t('users.company'), dataIndex: 'company' },
    {
      title: t('users.organisation'),
      key: 'organisation',
      render: (_, row) => row.organisation?.name ?? t('users.organisation.none'),
    },
    {
      title: t('users.roles'),
      key: 'roles',
      render: (_, row) => (
        <>
          {row.adminType === '1' && <Tag color="red">{t('users.adminType.1')}</Tag>}
          {row.roles.map((role) => (
            <Tag key={role.code}>{role.name}</Tag>
          ))}
        </>
      ),
    },
    {
      title: t('users.status'),
      key: 'status',
      render: (_, row) => {
        if (row.frozen) return <Tag color="error">{t('users.status.frozen')}</Tag>;
        if (row.lockedUntil) return <Tag color="warning">{t('users.status.locked')}</Tag>;
        return <Tag color="success">{t('users.status.active')}</Tag>;
      },
    },
    {
      title: t('users.lastLogin'),
      dataIndex: 'lastLoginTime',
      render: (_, row) => (row.lastLoginTime ? formatDateTime(row.lastLoginTime) : '-'),
    },
    actionsColumn({
      title: t('users.actions'),
      testId: (row) => `user-actions-${row.account}`,
      render: (row) => (
        <>
          <RowAction onClick={() => setViewing(row)}>{t('users.detail')}</RowAction>
          <Authorized code={EDIT}>
            <RowAction onClick={() => setEditing({ user: row })}>{t('users.edit')}</RowAction>
            <RowAction onClick={() => setGranting({ user: row, roles: row.roles.map((role) => role.code) })}>
              {t('users.grant')}
            </RowAction>
            <RowAction
              danger={!row.frozen}
              confirm={
                row.frozen
                  ? t('users.unfreezeConfirm', { account: row.account })
                  : t('users.freezeConfirm', { account: row.account })
              }
              onClick={() =>
                freeze.mutate(
                  { id: row.id, frozen: !row.frozen },
                  callbacks(row.frozen ? t('users.unfrozen') : t('users.frozen')),
                )
              }
            >
              {row.frozen ? t('users.unfreeze') : t('users.freeze')}
            </RowAction>
            {row.lockedUntil && (
              <RowAction onClick={() => unlock.mutate(row.id, callbacks(t('users.unlocked')))}>
                {t('users.unlock')}
              </RowAction>
            )}
            <RowAction
              confirm={t('users.resetConfirm', { account: row.account })}
              onClick={() => reset.mutate(row.id, callbacks(t('users.resetSent')))}
            >
              {t('users.reset')}
            </RowAction>
          </Authorized>
        </>
      ),
    }),
  ];

  return (
    <CrudPage
      title={title}
      testId="users-page"
      create={{ label: t('users.new'), onClick: () => setEditing({}), testId: 'user-new', permission: EDIT }}
      search={{ placeholder: t('users.search'), onSearch: (q) => filter({ q }), testId: 'user-search' }}
      toolbar={
        <>
          <Select
            allowClear
            placeholder={t('users.status')}
            aria-label={t('users.status')}
            style={{ width: 150 }}
            options={USER_STATUSES.map((status) => ({ value: status, label: t(`users.status.${status}`) }))}
            onChange={(status) => filter({ status })}
          />
          <Select
            allowClear
            placeholder={t('users.roles')}
            aria-label={t('users.roles')}
            style={{ width: 160 }}
            options={(roleOptions.data ?? []).map((role) => ({ value: role.code, label: role.name }))}
            onChange={(role: string | undefined) => filter({ role })}
          />
        </>
      }
    >
      <PagedTable<UserAdminRow>
        testId="users-table"
        query={list}
        paging={params}
        onPagingChange={page}
        columns={columns}
      />
      {editing && <UserFormDrawer user={editing.user} onClose={() => setEditing(null)} />}
      {viewing && (
        <UserDetailDrawer user={viewing} onClose={() => setViewing(null)} renderApiTokens={renderApiTokens} />
      )}
      {granting && (
        <Modal
          open
          title={t('users.grantTitle', { account: granting.user.account })}
          okButtonProps={{ loading: grant.isPending, 'data-testid': 'grant-save' }}
          onCancel={() => setGranting(null)}
          onOk={() =>
            grant.mutate(
              { id: granting.user.id, roleCodes: granting.roles },
              {
                ...callbacks(t('users.saved')),
                onSuccess: () => {
                  void message.success(t('users.saved'));
                  setGranting(null);
                },
              },
            )
          }
        >
          <RemoteSelect
            mode="multiple"
            pending={roleOptions.isPending}
            style={{ width: '100%' }}
            value={granting.roles}
            onChange={(roles: string[]) => setGranting({ ...granting, roles })}
            options={(roleOptions.data ?? []).map((role) => ({ value: role.code, label: role.name }))}
            data-testid="grant-roles"
          />
        </Modal>
      )}
    </CrudPage>
  );
}
