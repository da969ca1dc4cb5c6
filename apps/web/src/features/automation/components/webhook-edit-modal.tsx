import type { Webhook, WebhookUpdate } from '@portal/contract';
import { App, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showFailure } from '@/lib/show-failure';
import { useUpdateWebhook } from '../api/update-webhook';
import { WebhookSettingsFields } from './webhook-settings-fields';

type Values = Required<WebhookUpdate>;

interface WebhookEditModalProps {
  webhook: Webhook;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/** Another choice of events for a webhook, or switched on or off (its address and secret stay). */
export function WebhookEditModal({ webhook, open, onClose, afterClose }: WebhookEditModalProps) {
  const { t } = useTranslation('automation');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useUpdateWebhook({
    onSuccess: () => {
      void message.success(t('webhooks.edit.saved'));
      onClose();
    },
    onError: (error) => showFailure(error, message, form),
  });

  return (
    <Modal
      open={open}
      afterClose={afterClose}
      data-testid="webhook-edit-modal"
      title={t('webhooks.edit.title')}
      okText={t('webhooks.edit.save')}
      cancelText={t('webhooks.edit.cancel')}
      okButtonProps={{ loading: update.isPending, 'data-testid': 'webhook-edit-save' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Typography.Paragraph type="secondary" style={{ overflowWrap: 'anywhere' }}>
        {t('webhooks.deliveries.of', { url: webhook.url })}
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        name="editWebhook"
        layout="vertical"
        initialValues={{ events: webhook.events, active: webhook.active }}
        onFinish={(changes) => update.mutate({ id: webhook.id, changes })}
      >
        <WebhookSettingsFields testIdPrefix="webhook-edit" />
      </Form>
    </Modal>
  );
}
