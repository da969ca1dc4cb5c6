import { LOGIN_PASSWORD_MAX_LENGTH } from '@portal/contract';
import { Form, Input } from 'antd';
import { PasswordStrengthMeter } from './password-strength-meter';
import { useNewPasswordRules } from './use-new-password-rules';

interface NewPasswordFieldsProps {
  /** The new password's form field; its confirmation is the field `confirm`. */
  name: string;
  labels: { password: string; confirm: string; hint: string };
  testIds: { password: string; confirm: string };
}

/**
 * A new password and its confirmation inside an antd form: the server's rules (spec 5), the
 * strength meter under the password once typed (the hint before), browser autofill as new.
 */
export function NewPasswordFields({ name, labels, testIds }: NewPasswordFieldsProps) {
  const rules = useNewPasswordRules(name);
  const password: string | undefined = Form.useWatch(name);
  return (
    <>
      <Form.Item
        name={name}
        label={labels.password}
        rules={rules.newPassword}
        extra={password ? <PasswordStrengthMeter password={password} /> : labels.hint}
      >
        <Input.Password
          data-testid={testIds.password}
          autoComplete="new-password"
          maxLength={LOGIN_PASSWORD_MAX_LENGTH}
        />
      </Form.Item>
      <Form.Item name="confirm" label={labels.confirm} dependencies={[name]} rules={rules.confirm}>
        <Input.Password
          data-testid={testIds.confirm}
          autoComplete="new-password"
          maxLength={LOGIN_PASSWORD_MAX_LENGTH}
        />
      </Form.Item>
    </>
  );
}
