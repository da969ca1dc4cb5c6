import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { usePublicConfig } from '@/features/auth';
import { CaptchaField } from '@/components/captcha-field/captcha-field';
import { useCaptchaNonce } from '@/components/captcha-field/use-captcha-nonce';
import { getCurrentLocale } from '@/lib/i18n';
import { useRegister } from '../api/register';
import { useRegisterRules } from '../hooks/use-register-rules';
import { registerFieldErrors } from '../utils/register-field-errors';
import { type RegisterFormValues, toRegisterBody } from '../utils/register-form-values';
import { ContactFields } from './contact-fields';
import { IdentityFields } from './identity-fields';
import { IndustrySelect } from './industry-select';
import { SerialNumberField } from './serial-number-field';

/**
 * The registration form (issue 4). Client rules mirror the server's; whatever the server
 * still refuses is shown on the field concerned and in a banner above the button.
 */
export function RegisterForm() {
  const { t } = useTranslation('register');
  const [form] = Form.useForm<RegisterFormValues>();
  const navigate = useNavigate();
  const rules = useRegisterRules();
  const config = usePublicConfig();
  const captchaEnabled = config.data?.captchaEnabled === true;
  const [captchaNonce, refreshCaptcha] = useCaptchaNonce();
  const [serverError, setServerError] = useState<string>();

  const registration = useRegister({
    // The result page reads the answer (account, masked email, SN state) from the navigation state.
    onSuccess: (result) => navigate(paths.registerResult, { state: result }),
    onError: (error) => {
      setServerError(error.message);
      const fields = registerFieldErrors(error);
      form.setFields(fields);
      const [first] = fields;
      if (first) form.scrollToField(first.name, { block: 'center' });
      // The server spends the captcha answer on every attempt: always show a new image.
      if (captchaEnabled) {
        refreshCaptcha();
        form.setFieldValue('captcha', '');
      }
    },
  });

  const submit = (values: RegisterFormValues) => {
    setServerError(undefined);
    registration.mutate({
      body: { ...toRegisterBody(values), locale: getCurrentLocale() },
      captcha: captchaEnabled ? values.captcha?.trim() : undefined,
    });
  };

  return (
    <Form<RegisterFormValues>
      form={form}
      name="register"
      data-testid="register-form"
      layout="vertical"
      onFinish={submit}
      scrollToFirstError={{ block: 'center' }}
      autoComplete="on"
    >
      <IdentityFields rules={rules} />
      <ContactFields rules={rules} captcha={captchaEnabled ? { renew: refreshCaptcha } : undefined} />
      <IndustrySelect rules={rules.industry} />
      <SerialNumberField rules={rules.sn} />
      {captchaEnabled && <CaptchaField nonce={captchaNonce} onRefresh={refreshCaptcha} />}
      {serverError && (
        <Alert type="error" showIcon role="alert" title={serverError} style={{ marginBottom: 16 }} />
      )}
      <Button
        data-testid="register-submit"
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={registration.isPending}
        disabled={config.isPending}
      >
        {t('register.submit')}
      </Button>
    </Form>
  );
}
