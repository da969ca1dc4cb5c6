import { PlusOutlined } from '@ant-design/icons';
import {
  MENU_ADD_PERMISSION,
  MENU_DELETE_PERMISSION,
  MENU_EDIT_PERMISSION,
  type MenuAdminRow,
} from '@portal/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Popconfirm,
  Segmented,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '@/lib/access';
import { useDeleteMenu, useMenuApps, useMenuList } from './api/menus';
import { MenuFormDrawer } from './components/menu-form-drawer';
import { toTree, type TreeOf } from './utils/flat-tree';

type Editing = { menu?: MenuAdminRow; pid: number };

/** /system/menu: each application's menu tree, edited node by node. */
export function MenusPage({ title }: { title: string }) {
  const { t, i18n } = useTranslation('system');
  const { message } = App.useApp();
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
    {
      title: t('admin.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap data-testid={`menu-actions-${row.name}`}>
          <Authorized code={MENU_ADD_PERMISSION}>
            <Button size="small" type="link" onClick={() => setEditing({ pid: row.id })}>
              {t('menus.addChild')}
            </Button>
          </Authorized>
          <Authorized code={MENU_EDIT_PERMISSION}>
            <Button size="small" type="link" onClick={() => setEditing({ menu: row, pid: row.pid })}>
              {t('admin.edit')}
            </Button>
          </Authorized>
          <Authorized code={MENU_DELETE_PERMISSION}>
            <Popconfirm
              title={t('menus.deleteConfirm', { title: titleOf(row) })}
              onConfirm={() =>
                remove.mutate(row.id, {
                  onSuccess: () => void message.success(t('admin.deleted')),
                  onError: (error) => void message.error(error.message),
                })
              }
            >
              <Button size="small" type="link" danger>
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
      data-testid="menus-page"
      extra={
        <Authorized code={MENU_ADD_PERMISSION}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!application}
            onClick={() => setEditing({ pid: 0 })}
            data-testid="menu-new"
          >
            {t('menus.new')}
          </Button>
        </Authorized>
      }
    >
      <Segmented
        style={{ marginBottom: 16 }}
        value={application}
        onChange={(code) => setChosen(code)}
        options={(apps.data ?? []).map((app) => ({ value: app.code, label: app.name }))}
        data-testid="menu-apps"
      />
      {(apps.isError || list.isError) && (
        <Alert
          type="error"
          showIcon
          title={(apps.error ?? list.error)?.message}
          style={{ marginBottom: 16 }}
        />
      )}
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
    </Card>
  );
}
