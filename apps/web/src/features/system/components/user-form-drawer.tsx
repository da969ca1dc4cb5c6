import type { UserAdminCreate, UserAdminRow } from '@portal/contract';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-overlay/form-drawer';
import { useSaveFeedback } from '@/components/form-overlay/use-save-feedback';
import { useCreateUser, useRoleOptions, useUpdateUser } from '../api/users';

type Props = { user?: UserAdminRow; onClose: () => void };

/** Create a user (with password and roles) or edit one's profile and admin type. */
export function UserFormDrawer({ user, onClose }: Props) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<UserAdminCreate>();
  const roleOptions = useRoleOptions();
  const create = useCreateUser();
  const update = useUpdateUser();
  const callbacks = useSaveFeedback(form, t('users.saved'), onClose);
  const required = { required: true, whitespace: true, message: t('users.required') };

  return (
    <FormDrawer
      size={520}
      title={user ? t('users.editTitle', { account: user.account }) : t('users.newTitle')}
      form={form}
      saveText={t('users.save')}
      saving={create.isPending || update.isPending}
      saveTestId="user-save"
      onClose={onClose}
    >
      <Form<UserAdminCreate>
        form={form}
        layout="vertical"
        initialValues={user ?? { adminType: '2', roleCodes: ['customer'] }}
        onFinish={(values) => {
          if (user) {
            const { account: _account, password: _password, roleCodes: _roles, ...input } = values;
            update.mutate({ id: user.id, input }, callbacks);
          } else create.mutate(values, callbacks);
        }}
      >
        {!user && (
          <>
            <Form.Item name="account" label={t('users.account')} rules={[required]}>
              <Input maxLength={64} autoComplete="off" data-testid="user-account" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('users.password')}
              extra={t('users.passwordHint')}
              rules={[required]}
            >
              <Input.Password maxLength={16} autoComplete="new-password" data-testid="user-password" />
            </Form.Item>
            <Form.Item name="roleCodes" label={t('users.roles')}>
              <Select
                mode="multiple"
                data-testid="user-roles"
                options={(roleOptions.data ?? []).map((role) => ({ value: role.code, label: role.name }))}
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="nickName" label={t('users.nickName')} rules={[required]}>
          <Input maxLength={64} data-testid="user-nickname" />
        </Form.Item>
        <Form.Item name="name" label={t('users.name')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="email" label={t('users.email')}>
          <Input maxLength={254} data-testid="user-email" />
        </Form.Item>
        <Form.Item name="phone" label={t('users.phone')}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="company" label={t('users.company')}>
          <Input maxLength={128} data-testid="user-company" />
        </Form.Item>
        <Form.Item name="adminType" label={t('users.adminType')} extra={t('users.adminTypeHint')}>
          <Select
            options={[
              { value: '2', label: t('users.adminType.2') },
              { value: '1', label: t('users.adminType.1') },
            ]}
          />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
