import type { GrantOptions, RoleRow } from '@portal/contract';
import { App, Button, Checkbox, Drawer, Skeleton, Tabs, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { useGrantOptions, useGrantRole, useRoleGrants } from '../api/roles';
import { toTree, type TreeOf } from '../utils/flat-tree';

type Props = { role: RoleRow; onClose: () => void };
type GrantMenu = GrantOptions['apps'][number]['menus'][number];
type TreeNode = { key: number; title: string; children?: TreeNode[] };

const toTreeNodes = (menus: TreeOf<GrantMenu>[]): TreeNode[] =>
  menus.map((menu) => ({
    key: menu.id,
    title: menu.title,
    children: menu.children ? toTreeNodes(menu.children) : undefined,
  }));

/**
 * Grants a role menus (one checkbox tree per application; each menu checked on its own, its
 * parents are granted by the server) and button permissions.
 */
export function RoleGrantDrawer({ role, onClose }: Props) {
  const { t } = useTranslation('system');
  const options = useGrantOptions();
  const grants = useRoleGrants(role.id);
  return (
    <Drawer open size={560} onClose={onClose} title={t('roles.grantTitle', { name: role.name })}>
      <FailureAlert failure={failureOf(options.error)} gap={0} />
      <FailureAlert failure={failureOf(grants.error)} gap={0} />
      {options.data && grants.data ? (
        <GrantForm
          role={role}
          options={options.data}
          menuIds={grants.data.menuIds}
          permissionCodes={grants.data.permissionCodes}
          onDone={onClose}
        />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}

function GrantForm(props: {
  role: RoleRow;
  options: GrantOptions;
  menuIds: number[];
  permissionCodes: string[];
  onDone: () => void;
}) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const grant = useGrantRole();
  const [menuIds, setMenuIds] = useState<number[]>(props.menuIds);
  const [codes, setCodes] = useState<string[]>(props.permissionCodes);
  const trees = useMemo(
    () => props.options.apps.map((app) => ({ app, nodes: toTreeNodes(toTree(app.menus)) })),
    [props.options],
  );

  const save = () =>
    grant.mutate(
      { id: props.role.id, grants: { menuIds, permissionCodes: codes } },
      {
        onSuccess: () => {
          void message.success(t('admin.saved'));
          props.onDone();
        },
        onError: (error) => void message.error(error.message),
      },
    );

  return (
    <>
      <Typography.Title level={5}>{t('roles.grantMenus')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('roles.grantMenusHint')}</Typography.Paragraph>
      <Tabs
        items={trees.map(({ app, nodes }) => ({
          key: app.code,
          label: app.name,
          children: (
            <Tree<TreeNode>
              checkable
              checkStrictly
              defaultExpandAll
              selectable={false}
              treeData={nodes}
              data-testid={`grant-menus-${app.code}`}
              checkedKeys={menuIds.filter((id) => app.menus.some((menu) => menu.id === id))}
              onCheck={(checked) => {
                const mine = new Set(app.menus.map((menu) => menu.id));
                const keys = Array.isArray(checked) ? checked : checked.checked;
                setMenuIds([...menuIds.filter((id) => !mine.has(id)), ...keys.map(Number)]);
              }}
            />
          ),
        }))}
      />
      <Typography.Title level={5}>{t('roles.grantPermissions')}</Typography.Title>
      <Checkbox.Group
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
        value={codes}
        onChange={(values) => setCodes(values)}
        options={props.options.permissions.map((permission) => ({
          value: permission.code,
          label: `${permission.name} (${permission.code})`,
        }))}
        data-testid="grant-permissions"
      />
      <Button
        type="primary"
        style={{ marginTop: 24 }}
        loading={grant.isPending}
        onClick={save}
        data-testid="role-grant-save"
      >
        {t('admin.save')}
      </Button>
    </>
  );
}
