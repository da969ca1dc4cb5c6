import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '@/features/auth';
import { CaptchaField } from '@/components/captcha-field/captcha-field';
import { useFormCaptcha } from '@/components/captcha-field/use-form-captcha';
import { SubmitWithServerError } from '@/components/submit-with-server-error';
import { fieldErrorsOf } from '@/lib/api-error';
import { useRequestRecovery } from '../api/request-recovery';
import { RecoveryDone } from './recovery-done';

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
  const [form] = Form.useForm<RecoverRequestValues>();
  const config = usePublicConfig();
  const captchaEnabled = config.data?.captchaEnabled === true;
  const captcha = useFormCaptcha(form);
  const [serverError, setServerError] = useState<string>();

  const recovery = useRequestRecovery({
    onError: (error) => {
      setServerError(error.message);
      form.setFields(
        fieldErrorsOf(error).flatMap(({ field, message }) =>
          field === 'account' ? [{ name: 'account' as const, errors: [message] }] : [],
        ),
      );
      if (captchaEnabled) captcha.renew();
    },
  });

  if (recovery.data) {
    return (
      <RecoveryDone
        testId="recover-sent"
        title={t('recover.sent.title')}
        description={t('recover.sent.description', { minutes: recovery.data.linkValidMinutes })}
        signIn={{ text: t('recover.backToLogin') }}
      />
    );
  }

  const submit = ({ account, captcha: answer }: RecoverRequestValues) => {
    setServerError(undefined);
    recovery.mutate({ account: account.trim(), captcha: captchaEnabled ? answer?.trim() : undefined });
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
      {captchaEnabled && <CaptchaField nonce={captcha.nonce} onRefresh={captcha.refresh} />}
      <SubmitWithServerError
        serverError={serverError}
        testId="recover-submit"
        loading={recovery.isPending}
        disabled={config.isPending}
      >
        {t('recover.submit')}
      </SubmitWithServerError>
    </Form>
  );
}
