import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { CaptchaGuardedSubmit, useCaptchaGuard } from '@/features/auth';
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
  const guard = useCaptchaGuard(form);

  const registration = useRegister({
    // The result page reads the answer (account, masked email, SN state) from the navigation state.
    onSuccess: (result) => navigate(paths.registerResult, { state: result }),
    onError: (error) => {
      guard.refused(error);
      const fields = registerFieldErrors(error);
      form.setFields(fields);
      const [first] = fields;
      if (first) form.scrollToField(first.name, { block: 'center' });
    },
  });

  const submit = (values: RegisterFormValues) => {
    guard.trying();
    registration.mutate({
      body: { ...toRegisterBody(values), locale: getCurrentLocale() },
      captcha: guard.answerOf(values.captcha),
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
      <ContactFields rules={rules} captcha={guard.enabled ? { renew: guard.captcha.renew } : undefined} />
      <IndustrySelect rules={rules.industry} />
      <SerialNumberField rules={rules.sn} />
      <CaptchaGuardedSubmit guard={guard} testId="register-submit" loading={registration.isPending}>
        {t('register.submit')}
      </CaptchaGuardedSubmit>
    </Form>
  );
}
