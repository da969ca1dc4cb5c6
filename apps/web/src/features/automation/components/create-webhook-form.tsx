import {
  ErrorCode,
  WEBHOOK_URL_MAX,
  WEBHOOKS_PER_ACCOUNT,
  type WebhookCreate,
  type WebhookCreated,
} from '@portal/contract';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error';
import { requiredText } from '@/lib/form-rules';
import { showFailure } from '@/lib/show-failure';
import { useCreateWebhook } from '../api/create-webhook';
import { WebhookSettingsFields } from './webhook-settings-fields';

type Values = WebhookCreate;

// Spaces around the address are trimmed before it is sent.
const HTTP_URL = /^\s*https?:\/\/\S+\s*$/i;

/** Address, events and state of a new webhook; `onCreated` receives its secret, sent only this once. */
export function CreateWebhookForm({ onCreated }: { onCreated: (webhook: WebhookCreated) => void }) {
  const { t } = useTranslation('automation');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateWebhook({
    onSuccess: (webhook) => {
      form.resetFields();
      onCreated(webhook);
    },
    onError: (error) => {
      // A refused address (private, unresolvable) belongs under the address.
      if (error instanceof ApiError && error.code === ErrorCode.WEBHOOK_URL_REFUSED)
        form.setFields([{ name: 'url', errors: [error.message] }]);
      else showFailure(error, message, form);
    },
  });

  return (
    <Form<Values>
      form={form}
      name="createWebhook"
      layout="vertical"
      data-testid="webhook-form"
      initialValues={{ url: '', events: [], active: true }}
      onFinish={(values) => create.mutate({ ...values, url: values.url.trim() })}
      style={{ maxWidth: 640 }}
    >
      <Form.Item
        name="url"
        label={t('webhooks.create.url')}
        extra={t('webhooks.create.urlHint', { max: WEBHOOKS_PER_ACCOUNT })}
        rules={[
          requiredText(t('webhooks.create.urlRequired')),
          { pattern: HTTP_URL, message: t('webhooks.create.urlInvalid') },
        ]}
      >
        <Input
          data-testid="webhook-url"
          inputMode="url"
          maxLength={WEBHOOK_URL_MAX}
          autoComplete="off"
          placeholder={t('webhooks.create.urlPlaceholder')}
        />
      </Form.Item>
      <WebhookSettingsFields testIdPrefix="webhook" />
      <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="webhook-create">
        {t('webhooks.create.submit')}
      </Button>
    </Form>
  );
}
