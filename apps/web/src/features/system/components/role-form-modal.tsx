import type { RoleInput, RoleRow } from '@portal/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-overlay/form-modal';
import { useSaveFeedback } from '@/components/form-overlay/use-save-feedback';
import { requiredText } from '@/lib/form-rules';
import { useCreateRole, useUpdateRole } from '../api/roles';

type Props = { role?: RoleRow; onClose: () => void };

/** Create a role or edit its code (not of a built-in role), names and description. */
export function RoleFormModal({ role, onClose }: Props) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<RoleInput>();
  const create = useCreateRole();
  const update = useUpdateRole();
  const required = requiredText(t('admin.required'));
  const callbacks = useSaveFeedback(form, t('admin.saved'), onClose);

  return (
    <FormModal
      title={role ? t('roles.editTitle', { code: role.code }) : t('roles.new')}
      form={form}
      saveText={t('admin.save')}
      saving={create.isPending || update.isPending}
      saveTestId="role-save"
      onClose={onClose}
    >
      <Form<RoleInput>
        form={form}
        layout="vertical"
        initialValues={role ?? { descriptionZh: '', descriptionEn: '' }}
        onFinish={(input) =>
          role ? update.mutate({ id: role.id, input }, callbacks) : create.mutate(input, callbacks)
        }
      >
        <Form.Item
          name="code"
          label={t('roles.code')}
          extra={role?.builtIn ? t('roles.builtInHint') : t('roles.codeHint')}
          rules={[required]}
        >
          <Input maxLength={50} disabled={role?.builtIn} data-testid="role-code" />
        </Form.Item>
        <Form.Item name="nameZh" label={t('roles.nameZh')} rules={[required]}>
          <Input maxLength={100} data-testid="role-name-zh" />
        </Form.Item>
        <Form.Item name="nameEn" label={t('roles.nameEn')} rules={[required]}>
          <Input maxLength={100} data-testid="role-name-en" />
        </Form.Item>
        <Form.Item name="descriptionZh" label={t('roles.descriptionZh')}>
          <Input.TextArea maxLength={500} rows={2} data-testid="role-description-zh" />
        </Form.Item>
        <Form.Item name="descriptionEn" label={t('roles.descriptionEn')}>
          <Input.TextArea maxLength={500} rows={2} data-testid="role-description-en" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
