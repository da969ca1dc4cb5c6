import type { PublishUpdatePlanInput, PublishVersion } from '@portal/contract';
import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSetUpdatePlan } from '../api/version-actions';
import { FormModal } from '@/components/form-overlay/form-modal';
import { showFailure } from '@/lib/show-failure';
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
  const { message } = App.useApp();
  const [form] = Form.useForm<PublishUpdatePlanInput>();
  const save = useSetUpdatePlan();
  return (
    <FormModal
      title={t('plan.title', { version: version.version })}
      form={form}
      saveText={t('action.save')}
      saving={save.isPending}
      saveTestId="plan-save"
      onClose={onClose}
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
          save.mutate(
            {
              id: version.id,
              plan: {
                rebootRequired: values.rebootRequired ?? false,
                prerequisites: values.prerequisites ?? [],
                installOrder: values.installOrder ?? null,
              },
            },
            {
              onSuccess: () => {
                void message.success(t('plan.saved', { version: version.version }));
                onClose();
              },
              onError: (error) => showFailure(error, message, form),
            },
          )
        }
        data-testid="plan-form"
      >
        <UpdatePlanFields kind={kind} />
      </Form>
    </FormModal>
  );
}
