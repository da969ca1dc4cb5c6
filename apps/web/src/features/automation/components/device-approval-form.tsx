import { API_TOKEN_NAME_MAX, type ApiTokenCreate, type DeviceRequest, visibleText } from '@portal/contract';
import { Alert, Button, Descriptions, Flex, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredText } from '@/lib/form-rules';
import { formatDateTime } from '@/lib/format';
import { API_TOKEN_EXPIRY_CHOICES, DEFAULT_EXPIRY } from './create-api-token-form';
import { ScopesField } from './scopes-field';

/** The form starts from what the command line asked for; the person may change all of it. */
function initialToken(request: DeviceRequest): ApiTokenCreate {
  const days = API_TOKEN_EXPIRY_CHOICES.find((choice) => choice === request.requestedDays) ?? DEFAULT_EXPIRY;
  const name = [visibleText(request.clientId), visibleText(request.clientHost)].filter(Boolean).join('@');
  return { name: name.slice(0, API_TOKEN_NAME_MAX), scopes: request.requestedScopes, expiresInDays: days };
}

/**
 * Who asks under the code (program, computer, address, time), so a sign-in the person did not
 * start shows as such, and the token they would give it: approve or deny.
 */
export function DeviceApprovalForm({
  request,
  pending,
  onApprove,
  onDeny,
}: {
  request: DeviceRequest;
  pending: boolean;
  onApprove: (token: ApiTokenCreate) => void;
  onDeny: () => void;
}) {
  const { t } = useTranslation('automation');
  return (
    <Flex vertical gap="middle">
      <Descriptions
        column={1}
        size="small"
        title={t('device.confirm.title')}
        data-testid="device-request"
        items={[
          { key: 'code', label: t('device.confirm.code'), children: request.userCode },
          // What the client sent, without bidi or zero-width characters (the server strips them too).
          { key: 'client', label: t('device.confirm.client'), children: visibleText(request.clientId) },
          { key: 'host', label: t('device.confirm.host'), children: visibleText(request.clientHost) || '-' },
          { key: 'ip', label: t('device.confirm.ip'), children: request.clientIp },
          {
            key: 'at',
            label: t('device.confirm.requestedAt'),
            children: formatDateTime(request.requestedAt),
          },
          { key: 'until', label: t('device.confirm.expiresAt'), children: formatDateTime(request.expiresAt) },
        ]}
      />
      <Alert type="warning" showIcon title={t('device.confirm.warning')} />
      <Form<ApiTokenCreate>
        name="deviceApproval"
        layout="vertical"
        initialValues={initialToken(request)}
        onFinish={(values) => onApprove({ ...values, name: values.name.trim() })}
      >
        <Form.Item
          name="name"
          label={t('apiTokens.create.name')}
          rules={[requiredText(t('apiTokens.create.nameRequired'))]}
        >
          <Input data-testid="device-token-name" maxLength={API_TOKEN_NAME_MAX} autoComplete="off" />
        </Form.Item>
        <ScopesField />
        <Form.Item name="expiresInDays" label={t('apiTokens.create.expiry')}>
          <Radio.Group
            aria-label={t('apiTokens.create.expiry')}
            options={API_TOKEN_EXPIRY_CHOICES.map((days) => ({
              value: days,
              label: t('apiTokens.create.days', { count: days }),
            }))}
          />
        </Form.Item>
        <Flex gap="small">
          <Button type="primary" htmlType="submit" loading={pending} data-testid="device-approve">
            {t('device.confirm.approve')}
          </Button>
          <Button danger disabled={pending} onClick={onDeny} data-testid="device-deny">
            {t('device.confirm.deny')}
          </Button>
        </Flex>
      </Form>
    </Flex>
  );
}
