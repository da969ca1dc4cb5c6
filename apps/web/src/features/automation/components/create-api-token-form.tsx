import { API_TOKEN_NAME_MAX, type ApiTokenCreate, type ApiTokenCreated } from '@portal/contract';
import { App, Button, Form, Input, Radio } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { requiredText } from '@/lib/form-rules';
import { formatDateTime } from '@/lib/format';
import { showFailure } from '@/lib/show-failure';
import { useCreateApiToken } from '../api/create-api-token';
import { ScopesField } from './scopes-field';

/** The lifetimes offered; the contract allows any up to API_TOKEN_MAX_DAYS (the last one). */
export const API_TOKEN_EXPIRY_CHOICES = [7, 30, 90, 180, 365] as const;
export const DEFAULT_EXPIRY = 90;

type Values = ApiTokenCreate;

/** Name, scopes and lifetime of a new token; `onCreated` receives the secret, sent only this once. */
export function CreateApiTokenForm({ onCreated }: { onCreated: (token: ApiTokenCreated) => void }) {
  const { t } = useTranslation('automation');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const expiresInDays = Form.useWatch('expiresInDays', form) ?? DEFAULT_EXPIRY;
  const create = useCreateApiToken({
    onSuccess: (token) => {
      form.resetFields();
      onCreated(token);
    },
    onError: (error) => showFailure(error, message, form),
  });

  return (
    <Form<Values>
      form={form}
      name="createApiToken"
      layout="vertical"
      data-testid="api-token-form"
      initialValues={{ name: '', scopes: [], expiresInDays: DEFAULT_EXPIRY }}
      onFinish={(values) => create.mutate({ ...values, name: values.name.trim() })}
      style={{ maxWidth: 640 }}
    >
      <Form.Item
        name="name"
        label={t('apiTokens.create.name')}
        extra={t('apiTokens.create.nameHint')}
        rules={[requiredText(t('apiTokens.create.nameRequired'))]}
      >
        <Input
          data-testid="api-token-name"
          maxLength={API_TOKEN_NAME_MAX}
          placeholder={t('apiTokens.create.namePlaceholder')}
          autoComplete="off"
        />
      </Form.Item>
      <ScopesField />
      <Form.Item
        name="expiresInDays"
        label={t('apiTokens.create.expiry')}
        extra={
          <span data-testid="api-token-expires-on">
            {t('apiTokens.create.expiresOn', { date: formatDateTime(dayjs().add(expiresInDays, 'day')) })}
          </span>
        }
      >
        <Radio.Group
          data-testid="api-token-expiry"
          aria-label={t('apiTokens.create.expiry')}
          optionType="button"
          options={API_TOKEN_EXPIRY_CHOICES.map((days) => ({
            value: days,
            label: t('apiTokens.create.days', { count: days }),
          }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="api-token-create">
        {t('apiTokens.create.submit')}
      </Button>
    </Form>
  );
}
