import type { RegisterBody } from '@portal/contract';

/** The register form's fields: the request body's (same names, so server field errors map 1:1) plus the captcha. */
export type RegisterFormValues = Omit<RegisterBody, 'locale' | 'phone' | 'smsCode' | 'sn'> & {
  phone?: string;
  smsCode?: string;
  sn?: string;
  captcha?: string;
};

export type RegisterField = keyof RegisterFormValues;

export const REGISTER_FIELDS: readonly RegisterField[] = [
  'account',
  'password',
  'confirm',
  'nickName',
  'name',
  'email',
  'emailCode',
  'phone',
  'smsCode',
  'company',
  'industry',
  'sn',
  'captcha',
];

export const isRegisterField = (field: string): field is RegisterField =>
  (REGISTER_FIELDS as readonly string[]).includes(field);

/** The request body from the form: trimmed texts, empty optional fields as ''. */
export function toRegisterBody(values: RegisterFormValues): Omit<RegisterBody, 'locale'> {
  const text = (value: string | undefined) => value?.trim() ?? '';
  return {
    account: text(values.account),
    password: values.password,
    confirm: values.confirm,
    nickName: text(values.nickName),
    name: text(values.name),
    email: text(values.email),
    emailCode: text(values.emailCode),
    phone: text(values.phone),
    smsCode: text(values.phone) ? text(values.smsCode) : '',
    company: text(values.company),
    industry: values.industry,
    sn: text(values.sn),
  };
}
