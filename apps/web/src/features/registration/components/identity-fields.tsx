import { ACCOUNT_MAX_LENGTH } from '@portal/contract';
import { Form, type FormRule, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '@/components/password-field/new-password-fields';
import type { useRegisterRules } from '../hooks/use-register-rules';

type Rules = ReturnType<typeof useRegisterRules>;

/** Account name, password with its strength meter and confirmation, nickname and name. */
export function IdentityFields({ rules }: { rules: Pick<Rules, 'account' | 'nickName' | 'name'> }) {
  const { t } = useTranslation('register');
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
      <NewPasswordFields
        name="password"
        purpose="choose"
        testIds={{ password: 'password-input', confirm: 'confirm-input' }}
      />
      {text('nickName', rules.nickName)}
      {text('name', rules.name)}
    </>
  );
}
