import { meetsPasswordRule } from '@portal/contract';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The form rules of a new password and its confirmation, mirroring the server's checks
 * (spec 5) so the user hears 'Insufficient password strength' / 'Password inconsistency'
 * before anything is sent. `passwordField` names the field the confirmation must equal.
 */
export function useNewPasswordRules(passwordField: string) {
  const { t } = useTranslation('account');
  const newPassword: FormRule[] = [
    { required: true, message: t('password.new.required') },
    {
      validator: async (_rule, value?: string) => {
        if (value && !meetsPasswordRule(value)) throw new Error(t('password.new.weak'));
      },
    },
  ];
  const confirm: FormRule[] = [
    { required: true, message: t('password.confirm.required') },
    ({ getFieldValue }) => ({
      validator: async (_rule, value?: string) => {
        if (value && value !== getFieldValue(passwordField)) throw new Error(t('password.confirm.mismatch'));
      },
    }),
  ];
  return { newPassword, confirm };
}
