import { MENU_COMPONENTS, type MenuAdminRow, type MenuInput, ROOT_MENU_PID } from '@portal/contract';
import { AutoComplete, Form, Input, InputNumber, Switch, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-overlay/form-drawer';
import { useSaveFeedback } from '@/components/form-overlay/use-save-feedback';
import { requiredText } from '@/lib/form-rules';
import { useCreateMenu, useUpdateMenu } from '../api/menus';
import { toTree, type TreeOf } from '../utils/flat-tree';

type Props = {
  application: string;
  /** Every menu of the application (the parent choices). */
  menus: MenuAdminRow[];
  menu?: MenuAdminRow;
  pid: number;
  onClose: () => void;
};
type Values = Omit<MenuInput, 'target' | 'appCode'> & { external: boolean };
type ParentNode = { value: number; title: string; children?: ParentNode[] };

const COMPONENT_OPTIONS = MENU_COMPONENTS.map((component) => ({ value: component }));

/** The menu itself and everything below it cannot become its parent. */
function parentChoices(
  rows: TreeOf<MenuAdminRow>[],
  excluded: number | undefined,
  zh: boolean,
): ParentNode[] {
  return rows
    .filter((row) => row.id !== excluded)
    .map((row) => ({
      value: row.id,
      title: `${zh ? row.titleZh : row.titleEn} (${row.path})`,
      children: row.children ? parentChoices(row.children, excluded, zh) : undefined,
    }));
}

/** Create a menu (top level or under `pid`) or edit one; the server validates and names bad fields. */
export function MenuFormDrawer({ application, menus, menu, pid, onClose }: Props) {
  const { t, i18n } = useTranslation('system');
  const [form] = Form.useForm<Values>();
  const create = useCreateMenu();
  const update = useUpdateMenu();
  const zh = i18n.resolvedLanguage === 'zh-CN';
  const parents = useMemo(
    () => [{ value: ROOT_MENU_PID, title: t('menus.root') }, ...parentChoices(toTree(menus), menu?.id, zh)],
    [menus, menu?.id, zh, t],
  );
  const required = requiredText(t('admin.required'));
  const callbacks = useSaveFeedback(form, t('admin.saved'), onClose);
  const initial: Partial<Values> = menu
    ? { ...menu, external: menu.target !== null }
    : { pid, show: true, hideChildren: false, external: false, sort: 100, component: '' };

  return (
    <FormDrawer
      size={520}
      title={menu ? t('menus.editTitle', { title: zh ? menu.titleZh : menu.titleEn }) : t('menus.new')}
      form={form}
      saveText={t('admin.save')}
      saving={create.isPending || update.isPending}
      saveTestId="menu-save"
      onClose={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={({ external, ...values }) => {
          const input: MenuInput = { ...values, appCode: application, target: external ? '_blank' : null };
          if (menu) update.mutate({ id: menu.id, input }, callbacks);
          else create.mutate(input, callbacks);
        }}
      >
        <Form.Item name="pid" label={t('menus.parent')}>
          <TreeSelect treeData={parents} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
        </Form.Item>
        <Form.Item name="titleZh" label={t('menus.titleZh')} rules={[required]}>
          <Input maxLength={100} data-testid="menu-title-zh" />
        </Form.Item>
        <Form.Item name="titleEn" label={t('menus.titleEn')} rules={[required]}>
          <Input maxLength={100} data-testid="menu-title-en" />
        </Form.Item>
        <Form.Item name="name" label={t('menus.name')} rules={[required]}>
          <Input maxLength={100} data-testid="menu-name" />
        </Form.Item>
        <Form.Item name="external" label={t('menus.external')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="path" label={t('menus.path')} extra={t('menus.pathHint')} rules={[required]}>
          <Input maxLength={500} data-testid="menu-path" />
        </Form.Item>
        <Form.Item name="component" label={t('menus.component')} extra={t('menus.componentHint')}>
          <AutoComplete
            options={COMPONENT_OPTIONS}
            maxLength={200}
            showSearch={{ filterOption: true }}
            data-testid="menu-component"
          />
        </Form.Item>
        <Form.Item name="link" label={t('menus.link')} extra={t('menus.linkHint')}>
          <Input maxLength={2000} />
        </Form.Item>
        <Form.Item name="redirect" label={t('menus.redirect')}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="icon" label={t('menus.icon')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="sort" label={t('menus.sort')}>
          <InputNumber min={0} max={100_000} />
        </Form.Item>
        <Form.Item name="show" label={t('menus.show')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="hideChildren" label={t('menus.hideChildren')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
