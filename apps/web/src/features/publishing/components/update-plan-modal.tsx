import type { PublishUpdatePlanInput, PublishVersion } from '@portal/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSetUpdatePlan } from '../api/version-actions';
import { FormModal } from '@/components/form-overlay/form-modal';
import { useFormSave } from '@/components/form-overlay/use-form-save';
import { UpdatePlanFields } from './update-plan-fields';

/** Change what installing a version needs, whatever its status (the file never changes). */
export function UpdatePlanModal({
  version,
  kind,
  onClose,
}: {
  version: PublishVersion;
  kind: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('publishing');
  const [form] = Form.useForm<PublishUpdatePlanInput>();
  const { overlay, save } = useFormSave(
    form,
    useSetUpdatePlan(),
    t('plan.saved', { version: version.version }),
    onClose,
  );
  return (
    <FormModal
      {...overlay}
      title={t('plan.title', { version: version.version })}
      saveText={t('action.save')}
      saveTestId="plan-save"
      width={640}
      destroyOnHidden
    >
      <Form<PublishUpdatePlanInput>
        form={form}
        layout="vertical"
        initialValues={{
          rebootRequired: version.rebootRequired,
          prerequisites: version.prerequisites,
          installOrder: version.installOrder,
        }}
        onFinish={(values) =>
          save({
            id: version.id,
            plan: {
              rebootRequired: values.rebootRequired ?? false,
              prerequisites: values.prerequisites ?? [],
              installOrder: values.installOrder ?? null,
            },
          })
        }
        data-testid="plan-form"
      >
        <UpdatePlanFields kind={kind} />
      </Form>
    </FormModal>
  );
}
