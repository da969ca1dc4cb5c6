import { PlusOutlined } from '@ant-design/icons';
import {
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  ROLE_ADD_PERMISSION,
  ROLE_DELETE_PERMISSION,
  ROLE_EDIT_PERMISSION,
  ROLE_GRANT_PERMISSION,
  type RoleRow,
} from '@portal/contract';
import { Alert, App, Button, Card, Input, Popconfirm, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/lib/access';
import { type RoleListParams, useDeleteRole, useRoles } from './api/roles';
import { RoleFormModal } from './components/role-form-modal';
import { RoleGrantDrawer } from './components/role-grant-drawer';

/** /system/role: roles, what each grants, and who may change them (spec 6 actions per button). */
export function RolesPage({ title }: { title: string }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const [params, setParams] = useState<RoleListParams>({ pageNo: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE });
  const list = useRoles(params);
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<{ role?: RoleRow } | null>(null);
  const [granting, setGranting] = useState<RoleRow | null>(null);

  const columns: TableColumnsType<RoleRow> = [
    { title: t('roles.code'), dataIndex: 'code' },
    {
      title: t('roles.name'),
      key: 'name',
      render: (_, row) => (
        <>
          {row.name} {row.builtIn && <Tag>{t('roles.builtIn')}</Tag>}
        </>
      ),
    },
    { title: t('roles.description'), dataIndex: 'description' },
    { title: t('roles.users'), dataIndex: 'userCount' },
    {
      title: t('roles.grants'),
      key: 'grants',
      render: (_, row) =>
        t('roles.grantsSummary', { menus: row.menuCount, permissions: row.permissionCount }),
    },
    {
      title: t('admin.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap data-testid={`role-actions-${row.code}`}>
          <Authorized code={ROLE_EDIT_PERMISSION}>
            <Button size="small" type="link" onClick={() => setEditing({ role: row })}>
              {t('admin.edit')}
            </Button>
          </Authorized>
          <Authorized code={ROLE_GRANT_PERMISSION}>
            <Button size="small" type="link" onClick={() => setGranting(row)}>
              {t('roles.grant')}
            </Button>
          </Authorized>
          <Authorized code={ROLE_DELETE_PERMISSION}>
            <Popconfirm
              title={t('roles.deleteConfirm', { code: row.code })}
              disabled={row.builtIn}
              onConfirm={() =>
                remove.mutate(row.id, {
                  onSuccess: () => void message.success(t('admin.deleted')),
                  onError: (error) => void message.error(error.message),
                })
              }
            >
              <Button
                size="small"
                type="link"
                danger
                disabled={row.builtIn}
                title={row.builtIn ? t('roles.builtInHint') : undefined}
              >
                {t('admin.delete')}
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
      data-testid="roles-page"
      extra={
        <Authorized code={ROLE_ADD_PERMISSION}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({})}
            data-testid="role-new"
          >
            {t('roles.new')}
          </Button>
        </Authorized>
      }
    >
      <Input.Search
        allowClear
        placeholder={t('roles.search')}
        style={{ width: 280, marginBottom: 16 }}
        onSearch={(q) => setParams((current) => ({ ...current, q, pageNo: FIRST_PAGE }))}
        data-testid="role-search"
      />
      {list.isError && (
        <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />
      )}
      <Table<RoleRow>
        data-testid="roles-table"
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
          showTotal: (total, [from, to]) => t('outbox.total', { from, to, total }),
          onChange: (pageNo, pageSize) => setParams((current) => ({ ...current, pageNo, pageSize })),
        }}
      />
      {editing && <RoleFormModal role={editing.role} onClose={() => setEditing(null)} />}
      {granting && <RoleGrantDrawer role={granting} onClose={() => setGranting(null)} />}
    </Card>
  );
}
