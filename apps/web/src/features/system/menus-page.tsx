import {
  MENU_ADD_PERMISSION,
  MENU_DELETE_PERMISSION,
  MENU_EDIT_PERMISSION,
  type MenuAdminRow,
} from '@portal/contract';
import { Segmented, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn } from '@/components/crud-page/actions-column';
import { CrudPage } from '@/components/crud-page/crud-page';
import { RowAction } from '@/components/crud-page/row-action';
import { Authorized } from '@/lib/access';
import { useDeleteMenu, useMenuApps, useMenuList } from './api/menus';
import { DeleteRowAction, EditRowAction } from './components/admin-row-actions';
import { MenuFormDrawer } from './components/menu-form-drawer';
import { toTree, type TreeOf } from './utils/flat-tree';

type Editing = { menu?: MenuAdminRow; pid: number };

/** /system/menu: each application's menu tree, edited node by node. */
export function MenusPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('system');
  const apps = useMenuApps();
  const [chosen, setChosen] = useState<string>();
  const application = chosen ?? apps.data?.[0]?.code;
  const list = useMenuList(application);
  const remove = useDeleteMenu();
  const [editing, setEditing] = useState<Editing | null>(null);
  const tree = useMemo(() => toTree(list.data ?? []), [list.data]);
  const titleOf = (menu: MenuAdminRow) => (i18n.resolvedLanguage === 'zh-CN' ? menu.titleZh : menu.titleEn);

  const columns: TableColumnsType<TreeOf<MenuAdminRow>> = [
    { title: t('menus.title'), key: 'title', render: (_, row) => titleOf(row) },
    { title: t('menus.path'), dataIndex: 'path' },
    { title: t('menus.component'), dataIndex: 'component' },
    { title: t('menus.sort'), dataIndex: 'sort' },
    {
      title: t('menus.show'),
      key: 'show',
      render: (_, row) => (
        <>
          <Tag color={row.show ? 'success' : 'default'}>{row.show ? t('admin.yes') : t('admin.no')}</Tag>
          {row.target && <Tag color="blue">{t('menus.external')}</Tag>}
        </>
      ),
    },
    actionsColumn({
      title: t('admin.actions'),
      testId: (row) => `menu-actions-${row.name}`,
      render: (row) => (
        <>
          <Authorized code={MENU_ADD_PERMISSION}>
            <RowAction onClick={() => setEditing({ pid: row.id })}>{t('menus.addChild')}</RowAction>
          </Authorized>
          <EditRowAction
            permission={MENU_EDIT_PERMISSION}
            onClick={() => setEditing({ menu: row, pid: row.pid })}
          />
          <DeleteRowAction
            permission={MENU_DELETE_PERMISSION}
            id={row.id}
            remove={remove}
            confirm={t('menus.deleteConfirm', { title: titleOf(row) })}
          />
        </>
      ),
    }),
  ];

  return (
    <CrudPage
      title={title}
      testId="menus-page"
      create={{
        label: t('menus.new'),
        onClick: () => setEditing({ pid: 0 }),
        testId: 'menu-new',
        permission: MENU_ADD_PERMISSION,
        disabled: !application,
      }}
      toolbar={
        <Segmented
          value={application}
          onChange={(code) => setChosen(code)}
          options={(apps.data ?? []).map((app) => ({ value: app.code, label: app.name }))}
          data-testid="menu-apps"
        />
      }
      error={apps.error ?? list.error}
    >
      {/* Keyed by application so that the tree opens fully expanded for each one. */}
      <Table<TreeOf<MenuAdminRow>>
        key={`${application}-${tree.length > 0}`}
        data-testid="menus-table"
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={tree}
        columns={columns}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
      />
      {editing && application && (
        <MenuFormDrawer
          application={application}
          menus={list.data ?? []}
          menu={editing.menu}
          pid={editing.pid}
          onClose={() => setEditing(null)}
        />
      )}
    </CrudPage>
  );
}
