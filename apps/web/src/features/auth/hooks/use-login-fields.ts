import type { FieldError } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type LoginField = 'account' | 'password' | 'captcha';
export type LoginValues = Record<LoginField, string>;

const LOGIN_FIELDS: readonly string[] = ['account', 'password', 'captcha'] satisfies LoginField[];
const isLoginField = (field: string): field is LoginField => LOGIN_FIELDS.includes(field);

/** A field's problem: left empty (translated when shown), or the server's message (1012001). */
type Problem = 'required' | { server: string };

const REQUIRED_MESSAGES = {
  account: 'pages.login.account.required',
  password: 'pages.login.password.required',
  captcha: 'pages.login.captcha.required',
} as const;

/** Account and captcha need more than whitespace; any password counts, spaces included. */
function isMissing(field: LoginField, value: string): boolean {
  return field === 'password' ? value === '' : value.trim() === '';
}

/**
 * Values and messages of the sign-in form. Like the antd form it replaces: a field is checked
 * whenever it changes and all of them on submit; a server message stays on its field until
 * the field changes.
 */
export function useLoginFields({ captchaEnabled }: { captchaEnabled: boolean }) {
  const { t } = useTranslation('login');
  const [values, setValues] = useState<LoginValues>({ account: '', password: '', captcha: '' });
  const [problems, setProblems] = useState<Partial<Record<LoginField, Problem>>>({});

  const isChecked = (field: LoginField) => captchaEnabled || field !== 'captcha';
  const problemOf = (field: LoginField, value: string): Problem | undefined =>
    isChecked(field) && isMissing(field, value) ? 'required' : undefined;

  const change = (field: LoginField, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setProblems((previous) => ({ ...previous, [field]: problemOf(field, value) }));
  };

  /** Checks every field; the values when all are fine, else undefined (and the messages show). */
  const validate = (): LoginValues | undefined => {
    const found = {
      account: problemOf('account', values.account),
      password: problemOf('password', values.password),
      captcha: problemOf('captcha', values.captcha),
    };
    setProblems(found);
    return Object.values(found).some(Boolean) ? undefined : values;
  };

  const showServerErrors = (errors: FieldError[]) => {
    const fromServer: Partial<Record<LoginField, Problem>> = {};
    for (const { field, message } of errors) if (isLoginField(field)) fromServer[field] = { server: message };
    setProblems((previous) => ({ ...previous, ...fromServer }));
  };

  const clearCaptcha = () => setValues((previous) => ({ ...previous, captcha: '' }));

  const errorOf = (field: LoginField): string | undefined => {
    const problem = problems[field];
    if (!problem) return undefined;
    return problem === 'required' ? t(REQUIRED_MESSAGES[field]) : problem.server;
  };

  /** What an input needs to show and edit one field: its value, its change handler, its message. */
  const bind = (field: LoginField) => ({
    value: values[field],
    onChange: (value: string) => change(field, value),
    error: errorOf(field),
  });

  return { validate, showServerErrors, clearCaptcha, bind };
}
