import { type UserAdminCreate, type UserAdminRow, USER_CONTACT_MAX_LENGTHS } from '@portal/contract';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-overlay/form-drawer';
import { useSaveFeedback } from '@/components/form-overlay/use-save-feedback';
import { requiredText } from '@/lib/form-rules';
import { useCreateUser, useRoleOptions, useUpdateUser } from '../api/users';
import { RemoteSelect } from '@/components/remote-select';

/** Who the user is and how to reach them, in the order the drawer asks (the nickname is required). */
const CONTACT_FIELDS = [
  { name: 'nickName', testId: 'user-nickname' },
  { name: 'name', testId: 'user-name' },
  { name: 'email', testId: 'user-email' },
  { name: 'phone', testId: 'user-phone' },
  { name: 'company', testId: 'user-company' },
] as const;

type Props = { user?: UserAdminRow; onClose: () => void };

/** Create a user (with password and roles) or edit one's profile and admin type. */
export function UserFormDrawer({ user, onClose }: Props) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<UserAdminCreate>();
  const roleOptions = useRoleOptions();
  const create = useCreateUser();
  const update = useUpdateUser();
  const callbacks = useSaveFeedback(form, t('users.saved'), onClose);
  const required = requiredText(t('users.required'));

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
              <RemoteSelect
                mode="multiple"
                data-testid="user-roles"
                pending={roleOptions.isPending}
                options={(roleOptions.data ?? []).map((role) => ({ value: role.code, label: role.name }))}
              />
            </Form.Item>
          </>
        )}
        {CONTACT_FIELDS.map(({ name, testId }) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`users.${name}`)}
            rules={name === 'nickName' ? [required] : undefined}
          >
            <Input maxLength={USER_CONTACT_MAX_LENGTHS[name]} data-testid={testId} />
          </Form.Item>
        ))}
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
