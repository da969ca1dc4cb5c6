import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { sendEmailCode } from '../api/send-email-code';
import { sendSmsCode } from '../api/send-sms-code';
import type { useRegisterRules } from '../hooks/use-register-rules';
import { normalizePhone } from '../utils/normalize-phone';
import { SendCodeField } from './send-code-field';
import { EMAIL_MAX_LENGTH } from '@portal/contract';

type Rules = ReturnType<typeof useRegisterRules>;

/** Email with its mailed code, the optional phone with its SMS code, and the company. */
export function ContactFields({
  rules,
  captcha,
}: {
  rules: Pick<Rules, 'email' | 'emailCode' | 'phone' | 'smsCode' | 'company'>;
  /** Set when each code needs a captcha answer (see SendCodeField). */
  captcha?: { renew: () => void };
}) {
  const { t } = useTranslation('register');
  const phone: string | undefined = Form.useWatch('phone');
  return (
    <>
      <Form.Item name="email" label={t('register.email.label')} rules={rules.email}>
        <Input data-testid="email-input" type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} />
      </Form.Item>
      <SendCodeField
        name="emailCode"
        target="email"
        label={t('register.emailCode.label')}
        rules={rules.emailCode}
        send={sendEmailCode}
        captcha={captcha}
      />
      <Form.Item name="phone" label={t('register.phone.label')} rules={rules.phone}>
        <Input data-testid="phone-input" type="tel" autoComplete="tel" maxLength={32} />
      </Form.Item>
      {phone?.trim() && (
        <SendCodeField
          name="smsCode"
          target="phone"
          label={t('register.smsCode.label')}
          rules={rules.smsCode}
          send={(destination, answer) => sendSmsCode(normalizePhone(destination), answer)}
          captcha={captcha}
        />
      )}
      <Form.Item name="company" label={t('register.company.label')} rules={rules.company}>
        <Input data-testid="company-input" autoComplete="organization" maxLength={128} />
      </Form.Item>
    </>
  );
}
