import { Alert, Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { usePublicConfig } from '@/features/auth';
import { CaptchaField } from '@/components/captcha-field/captcha-field';
import { useCaptchaNonce } from '@/components/captcha-field/use-captcha-nonce';
import { fieldErrorsOf } from '@/lib/api-error';
import { useRequestRecovery } from '../api/request-recovery';

interface RecoverRequestValues {
  account: string;
  captcha?: string;
}

/**
 * Asks for a password link by account or email. The result is the same neutral text whether
 * the account exists or not, like the server's answer.
 */
export function RecoverRequestForm() {
  const { t } = useTranslation('register');
  const navigate = useNavigate();
  const [form] = Form.useForm<RecoverRequestValues>();
  const config = usePublicConfig();
  const captchaEnabled = config.data?.captchaEnabled === true;
  const [captchaNonce, refreshCaptcha] = useCaptchaNonce();
  const [serverError, setServerError] = useState<string>();

  const recovery = useRequestRecovery({
    onError: (error) => {
      setServerError(error.message);
      form.setFields(
        fieldErrorsOf(error).flatMap(({ field, message }) =>
          field === 'account' ? [{ name: 'account' as const, errors: [message] }] : [],
        ),
      );
      if (captchaEnabled) {
        refreshCaptcha();
        form.setFieldValue('captcha', '');
      }
    },
  });

  if (recovery.data) {
    return (
      <Result
        status="success"
        data-testid="recover-sent"
        title={t('recover.sent.title')}
        subTitle={t('recover.sent.description', { minutes: recovery.data.linkValidMinutes })}
        extra={
          <Button type="primary" onClick={() => navigate(paths.login)}>
            {t('recover.backToLogin')}
          </Button>
        }
      />
    );
  }

  const submit = ({ account, captcha }: RecoverRequestValues) => {
    setServerError(undefined);
    recovery.mutate({ account: account.trim(), captcha: captchaEnabled ? captcha?.trim() : undefined });
  };

  return (
    <Form<RecoverRequestValues>
      form={form}
      name="recover"
      data-testid="recover-form"
      layout="vertical"
      onFinish={submit}
    >
      <Form.Item
        name="account"
        label={t('recover.account.label')}
        rules={[{ required: true, whitespace: true, message: t('recover.account.required') }]}
      >
        <Input data-testid="recover-account" autoComplete="username" maxLength={254} />
      </Form.Item>
      {captchaEnabled && <CaptchaField nonce={captchaNonce} onRefresh={refreshCaptcha} />}
      {serverError && (
        <Alert type="error" showIcon role="alert" title={serverError} style={{ marginBottom: 16 }} />
      )}
      <Button
        data-testid="recover-submit"
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={recovery.isPending}
        disabled={config.isPending}
      >
        {t('recover.submit')}
      </Button>
    </Form>
  );
}
