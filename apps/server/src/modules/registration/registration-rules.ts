import {
  ACCOUNT_MAX_LENGTH,
  ACCOUNT_MIN_LENGTH,
  ACCOUNT_PATTERN,
  EMAIL_PATTERN,
  meetsPasswordRule,
  PHONE_PATTERN,
  type RegisterBody,
} from '@portal/contract';
import { AppError, type FieldProblem } from '../../lib/app-error';

/** Spaces and dashes people type inside phone numbers do not count. */
export const normalisePhone = (phone: string) => phone.replace(/[\s-]/g, '');
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export const isValidEmail = (email: string) => EMAIL_PATTERN.test(email);
export const isValidPhone = (phone: string) => PHONE_PATTERN.test(normalisePhone(phone));

/**
 * The rules of spec 5 in the order a person fixes a form: the account name, the
 * password and its confirmation each have their own message; the other fields
 * are reported together as field errors.
 */
export function checkRegistration(body: RegisterBody, industries: Set<string>): void {
  const { account } = body;
  if (
    !ACCOUNT_PATTERN.test(account) ||
    account.length < ACCOUNT_MIN_LENGTH ||
    account.length > ACCOUNT_MAX_LENGTH
  )
    throw new AppError('ACCOUNT_NAMING', { params: { min: ACCOUNT_MIN_LENGTH, max: ACCOUNT_MAX_LENGTH } });
  if (!meetsPasswordRule(body.password)) throw new AppError('PASSWORD_WEAK');
  if (body.password !== body.confirm) throw new AppError('PASSWORD_MISMATCH');

  const problems: FieldProblem[] = [];
  const required = (field: keyof RegisterBody) => {
    if (String(body[field] ?? '').trim() === '') problems.push({ field, messageKey: 'FIELD_REQUIRED' });
  };
  required('nickName');
  required('company');
  if (body.email === '') required('email');
  else if (!isValidEmail(body.email)) problems.push({ field: 'email', messageKey: 'EMAIL_INVALID' });
  required('emailCode');
  if (!industries.has(body.industry)) problems.push({ field: 'industry', messageKey: 'INDUSTRY_UNKNOWN' });
  if (body.phone !== '') {
    if (!isValidPhone(body.phone)) problems.push({ field: 'phone', messageKey: 'PHONE_INVALID' });
    required('smsCode');
  }
  if (problems.length > 0) throw AppError.invalidFields(problems);
}
