import {
  ROLE_ADD_PERMISSION,
  ROLE_DELETE_PERMISSION,
  ROLE_EDIT_PERMISSION,
  ROLE_GRANT_PERMISSION,
  type RoleRow,
} from '@portal/contract';
import { type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn } from '@/components/crud-page/actions-column';
import { CrudPage } from '@/components/crud-page/crud-page';
import { RowAction } from '@/components/crud-page/row-action';
import { PagedTable } from '@/components/paged-table/paged-table';
import { usePagedParams } from '@/components/paged-table/use-paged-params';
import { Authorized } from '@/lib/access';
import { type RoleListParams, useDeleteRole, useRoles } from './api/roles';
import { DeleteRowAction, EditRowAction } from './components/admin-row-actions';
import { RoleFormModal } from './components/role-form-modal';
import { RoleGrantDrawer } from './components/role-grant-drawer';

/** /system/role: roles, what each grants, and who may change them (spec 6 actions per button). */
export function RolesPage({ title }: { title: string }) {
  const { t } = useTranslation('system');
  const { params, filter, page } = usePagedParams<RoleListParams>();
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
    actionsColumn({
      title: t('admin.actions'),
      testId: (row) => `role-actions-${row.code}`,
      render: (row) => (
        <>
          <EditRowAction permission={ROLE_EDIT_PERMISSION} onClick={() => setEditing({ role: row })} />
          <Authorized code={ROLE_GRANT_PERMISSION}>
            <RowAction onClick={() => setGranting(row)}>{t('roles.grant')}</RowAction>
          </Authorized>
          <DeleteRowAction
            permission={ROLE_DELETE_PERMISSION}
            id={row.id}
            remove={remove}
            confirm={t('roles.deleteConfirm', { code: row.code })}
            disabled={row.builtIn}
            hint={row.builtIn ? t('roles.builtInHint') : undefined}
          />
        </>
      ),
    }),
  ];

  return (
    <CrudPage
      title={title}
      testId="roles-page"
      create={{
        label: t('roles.new'),
        onClick: () => setEditing({}),
        testId: 'role-new',
        permission: ROLE_ADD_PERMISSION,
      }}
      search={{ placeholder: t('roles.search'), onSearch: (q) => filter({ q }), testId: 'role-search' }}
    >
      <PagedTable<RoleRow>
        testId="roles-table"
        query={list}
        paging={params}
        onPagingChange={page}
        columns={columns}
      />
      {editing && <RoleFormModal role={editing.role} onClose={() => setEditing(null)} />}
      {granting && <RoleGrantDrawer role={granting} onClose={() => setGranting(null)} />}
    </CrudPage>
  );
}
