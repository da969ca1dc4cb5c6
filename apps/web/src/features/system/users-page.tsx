import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, USER_STATUSES, type UserAdminRow } from '@portal/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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

const EDIT = 'sysUser:edit';

/** /system/user: find users and run their accounts (spec 6 actions; controls follow permissions). */
export function UsersPage({ title }: { title: string }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const [params, setParams] = useState<UserListParams>({ pageNo: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE });
  const list = useUsers(params);
  const roleOptions = useRoleOptions();
  const freeze = useFreezeUser();
  const unlock = useUnlockUser();
  const reset = useResetPassword();
  const grant = useGrantRoles();
  const [editing, setEditing] = useState<{ user?: UserAdminRow } | null>(null);
  const [viewing, setViewing] = useState<UserAdminRow | null>(null);
  const [granting, setGranting] = useState<{ user: UserAdminRow; roles: string[] } | null>(null);
  const callbacks = (success: string) => ({
    onSuccess: () => void message.success(success),
    onError: (error: Error) => void message.error(error.message),
  });

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
    {
      title: t('users.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap data-testid={`user-actions-${row.account}`}>
          <Button size="small" type="link" onClick={() => setViewing(row)}>
            {t('users.detail')}
          </Button>
          <Authorized code={EDIT}>
            <Button size="small" type="link" onClick={() => setEditing({ user: row })}>
              {t('users.edit')}
            </Button>
            <Button
              size="small"
              type="link"
              onClick={() => setGranting({ user: row, roles: row.roles.map((role) => role.code) })}
            >
              {t('users.grant')}
            </Button>
            <Popconfirm
              title={
                row.frozen
                  ? t('users.unfreezeConfirm', { account: row.account })
                  : t('users.freezeConfirm', { account: row.account })
              }
              onConfirm={() =>
                freeze.mutate(
                  { id: row.id, frozen: !row.frozen },
                  callbacks(row.frozen ? t('users.unfrozen') : t('users.frozen')),
                )
              }
            >
              <Button size="small" type="link" danger={!row.frozen}>
                {row.frozen ? t('users.unfreeze') : t('users.freeze')}
              </Button>
            </Popconfirm>
            {row.lockedUntil && (
              <Button
                size="small"
                type="link"
                onClick={() => unlock.mutate(row.id, callbacks(t('users.unlocked')))}
              >
                {t('users.unlock')}
              </Button>
            )}
            <Popconfirm
              title={t('users.resetConfirm', { account: row.account })}
              onConfirm={() => reset.mutate(row.id, callbacks(t('users.resetSent')))}
            >
              <Button size="small" type="link">
                {t('users.reset')}
              </Button>
            </Popconfirm>
          </Authorized>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={title}
      data-testid="users-page"
      extra={
        <Authorized code={EDIT}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({})}
            data-testid="user-new"
          >
            {t('users.new')}
          </Button>
        </Authorized>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('users.search')}
          style={{ width: 280 }}
          onSearch={(q) => setParams((current) => ({ ...current, q, pageNo: FIRST_PAGE }))}
          data-testid="user-search"
        />
        <Select
          allowClear
          placeholder={t('users.status')}
          aria-label={t('users.status')}
          style={{ width: 150 }}
          options={USER_STATUSES.map((status) => ({ value: status, label: t(`users.status.${status}`) }))}
          onChange={(status) => setParams((current) => ({ ...current, status, pageNo: FIRST_PAGE }))}
        />
        <Select
          allowClear
          placeholder={t('users.roles')}
          aria-label={t('users.roles')}
          style={{ width: 160 }}
          options={(roleOptions.data ?? []).map((role) => ({ value: role.code, label: role.name }))}
          onChange={(role: string | undefined) =>
            setParams((current) => ({ ...current, role, pageNo: FIRST_PAGE }))
          }
        />
      </Space>
      {list.isError && (
        <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />
      )}
      <Table<UserAdminRow>
        data-testid="users-table"
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        columns={columns}
        pagination={{
          current: params.pageNo,
          pageSize: params.pageSize,
          total: list.data?.totalRows ?? 0,
          showSizeChanger: true,
          showTotal: (total, [from, to]) => t('outbox.total', { from, to, total }),
          onChange: (pageNo, pageSize) => setParams((current) => ({ ...current, pageNo, pageSize })),
        }}
      />
      {editing && <UserFormDrawer user={editing.user} onClose={() => setEditing(null)} />}
      {viewing && <UserDetailDrawer user={viewing} onClose={() => setViewing(null)} />}
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
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            value={granting.roles}
            onChange={(roles: string[]) => setGranting({ ...granting, roles })}
            options={(roleOptions.data ?? []).map((role) => ({ value: role.code, label: role.name }))}
            data-testid="grant-roles"
          />
        </Modal>
      )}
    </Card>
  );
}
