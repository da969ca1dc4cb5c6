import { USER_CODE_LENGTH } from '@portal/contract';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredText } from '@/lib/form-rules';

/** The user code as the command line printed it (`XXXX-XXXX`); `onSubmit` looks it up. */
export function DeviceCodeEntry({
  initialCode,
  pending,
  onSubmit,
}: {
  initialCode: string;
  pending: boolean;
  onSubmit: (userCode: string) => void;
}) {
  const { t } = useTranslation('automation');
  return (
    <Form<{ userCode: string }>
      name="deviceCode"
      layout="vertical"
      initialValues={{ userCode: initialCode }}
      onFinish={({ userCode }) => onSubmit(userCode.trim())}
    >
      <Typography.Paragraph>{t('device.enter.intro')}</Typography.Paragraph>
      <Form.Item
        name="userCode"
        label={t('device.enter.code')}
        rules={[requiredText(t('device.enter.codeRequired'))]}
      >
        <Input
          data-testid="device-user-code"
          placeholder="XXXX-XXXX"
          maxLength={USER_CODE_LENGTH + 2}
          autoComplete="off"
          spellCheck={false}
          style={{ textTransform: 'uppercase', letterSpacing: 2 }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending} data-testid="device-continue">
        {t('device.enter.submit')}
      </Button>
    </Form>
  );
}
