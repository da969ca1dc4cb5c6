import { ACCOUNT_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from '@portal/contract';
import { Form, type FormRule, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordStrengthMeter } from '@/features/account/components/password-strength-meter';
import { useNewPasswordRules } from '@/features/account/hooks/use-new-password-rules';
import type { useRegisterRules } from '../hooks/use-register-rules';

type Rules = ReturnType<typeof useRegisterRules>;

/** Account name, password with its strength meter and confirmation, nickname and name. */
export function IdentityFields({ rules }: { rules: Pick<Rules, 'account' | 'nickName' | 'name'> }) {
  const { t } = useTranslation('register');
  const passwordRules = useNewPasswordRules('password');
  const password: string | undefined = Form.useWatch('password');
  const text = (name: 'nickName' | 'name', fieldRules: FormRule[]) => (
    <Form.Item name={name} label={t(`register.${name}.label`)} rules={fieldRules}>
      <Input
        data-testid={`${name}-input`}
        maxLength={64}
        autoComplete={name === 'name' ? 'name' : 'nickname'}
      />
    </Form.Item>
  );
  return (
    <>
      <Form.Item name="account" label={t('register.account.label')} rules={rules.account}>
        <Input
          data-testid="account-input"
          autoComplete="username"
          maxLength={ACCOUNT_MAX_LENGTH}
          placeholder={t('register.account.placeholder')}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('register.password.label')}
        rules={passwordRules.newPassword}
        extra={password ? <PasswordStrengthMeter password={password} /> : t('register.password.hint')}
      >
        <Input.Password
          data-testid="password-input"
          autoComplete="new-password"
          maxLength={LOGIN_PASSWORD_MAX_LENGTH}
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('register.confirm.label')}
        dependencies={['password']}
        rules={passwordRules.confirm}
      >
        <Input.Password
          data-testid="confirm-input"
          autoComplete="new-password"
          maxLength={LOGIN_PASSWORD_MAX_LENGTH}
        />
      </Form.Item>
      {text('nickName', rules.nickName)}
      {text('name', rules.name)}
    </>
  );
}
