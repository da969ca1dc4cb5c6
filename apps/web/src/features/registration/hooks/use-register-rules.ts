import {
  ACCOUNT_MAX_LENGTH,
  ACCOUNT_MIN_LENGTH,
  ACCOUNT_PATTERN,
  EMAIL_PATTERN,
  PHONE_PATTERN,
  SN_PATTERN,
  VERIFY_CODE_LENGTH,
} from '@portal/contract';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { normalizePhone } from '../utils/normalize-phone';
import { requiredText } from '@/lib/form-rules';

const CODE_PATTERN = new RegExp(`^\\d{${VERIFY_CODE_LENGTH}}$`);

/** A rule that accepts empty values (left to `required`) and tests the trimmed rest. */
const matches =
  (test: (value: string) => boolean, message: string): FormRule =>
  () => ({
    validator: async (_rule, value?: string) => {
      const trimmed = value?.trim();
      if (trimmed && !test(trimmed)) throw new Error(message);
    },
  });

/**
 * The registration rules that mirror the server's checks (spec 5), so most mistakes are
 * named before anything is sent. The server stays the judge: its answers land on the
 * same fields (see utils/register-field-errors.ts).
 */
export function useRegisterRules() {
  const { t } = useTranslation('register');
  const codeFormat: FormRule = {
    pattern: CODE_PATTERN,
    message: t('register.code.invalid', { length: VERIFY_CODE_LENGTH }),
  };
  const naming = t('register.account.naming', { min: ACCOUNT_MIN_LENGTH, max: ACCOUNT_MAX_LENGTH });

  return {
    account: [
      requiredText(t('register.account.required')),
      matches(
        (value) =>
          ACCOUNT_PATTERN.test(value) &&
          value.length >= ACCOUNT_MIN_LENGTH &&
          value.length <= ACCOUNT_MAX_LENGTH,
        naming,
      ),
    ],
    nickName: [requiredText(t('register.nickName.required'))],
    /** The server does not require the (real) name, only the nickname. */
    name: [],
    email: [
      requiredText(t('register.email.required')),
      matches((v) => EMAIL_PATTERN.test(v), t('register.email.invalid')),
    ],
    emailCode: [requiredText(t('register.code.required')), codeFormat],
    phone: [matches((v) => PHONE_PATTERN.test(normalizePhone(v)), t('register.phone.invalid'))],
    /** The form shows the SMS code only while a phone number is typed (see ContactFields). */
    smsCode: [requiredText(t('register.smsCode.required')), codeFormat],
    company: [requiredText(t('register.company.required'))],
    industry: [{ required: true, message: t('register.industry.required') }],
    sn: [matches((v) => SN_PATTERN.test(v), t('register.sn.invalid'))],
  } satisfies Record<string, FormRule[]>;
}
