import { LOGIN_PASSWORD_MAX_LENGTH } from '@portal/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordStrengthMeter } from './password-strength-meter';
import { useNewPasswordRules } from './use-new-password-rules';

/**
 * Why the password is typed: `choose` the first one of a new account ("Password"), `replace`
 * one the account already has, when changing or resetting it ("New password").
 */
export type NewPasswordPurpose = 'choose' | 'replace';

const LABEL_KEYS = {
  choose: { password: 'password.choose.label', confirm: 'password.choose.confirm.label' },
  replace: { password: 'password.new.label', confirm: 'password.confirm.label' },
} as const;

interface NewPasswordFieldsProps {
  /** The new password's form field; its confirmation is the field `confirm`. */
  name: string;
  /** Picks the labels, so every form that sets a password names its fields alike. */
  purpose: NewPasswordPurpose;
  testIds: { password: string; confirm: string };
}

/**
 * A new password and its confirmation inside an antd form: the server's rules (spec 5), the
 * strength meter under the password once typed (the hint before), browser autofill as new.
 */
export function NewPasswordFields({ name, purpose, testIds }: NewPasswordFieldsProps) {
  const { t } = useTranslation('account');
  const rules = useNewPasswordRules(name);
  const password: string | undefined = Form.useWatch(name);
  const labels = LABEL_KEYS[purpose];
  return (
    <>
      <Form.Item
        name={name}
        label={t(labels.password)}
        rules={rules.newPassword}
        extra={password ? <PasswordStrengthMeter password={password} /> : t('password.new.hint')}
      >
        <Input.Password
          data-testid={testIds.password}
          autoComplete="new-password"
          maxLength={LOGIN_PASSWORD_MAX_LENGTH}
        />
      </Form.Item>
      <Form.Item name="confirm" label={t(labels.confirm)} dependencies={[name]} rules={rules.confirm}>
        <Input.Password
          data-testid={testIds.confirm}
          autoComplete="new-password"
          maxLength={LOGIN_PASSWORD_MAX_LENGTH}
        />
      </Form.Item>
    </>
  );
}
