import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { SwitchField } from '@/components/switch-field';
import { WebhookEventsField } from './webhook-events-field';

/** A webhook's events and on/off switch: the fields the add form and the edit dialog share. */
export function WebhookSettingsFields({ testIdPrefix }: { testIdPrefix: 'webhook' | 'webhook-edit' }) {
  const { t } = useTranslation('automation');
  return (
    <>
      <Form.Item
        name="events"
        label={t('webhooks.create.events')}
        rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.create.eventsRequired') }]}
      >
        <WebhookEventsField label={t('webhooks.create.events')} testId={`${testIdPrefix}-events`} />
      </Form.Item>
      <SwitchField
        name="active"
        label={t('webhooks.create.active')}
        extra={t('webhooks.create.activeHint')}
        testId={`${testIdPrefix}-active`}
      />
    </>
  );
}
