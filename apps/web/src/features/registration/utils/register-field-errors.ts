import { ErrorCode } from '@portal/contract';
import { type ApiError, fieldErrorsOf } from '@/lib/api-error';
import { isRegisterField, type RegisterField } from './register-form-values';

/** Which field a registration failure is about, for the codes that name one rule (API of issue 4). */
const FIELD_OF_CODE: ReadonlyMap<number, RegisterField> = new Map([
  [ErrorCode.ACCOUNT_NAMING, 'account'],
  [ErrorCode.ACCOUNT_EXISTS, 'account'],
  [ErrorCode.PASSWORD_WEAK, 'password'],
  [ErrorCode.PASSWORD_MISMATCH, 'confirm'],
  [ErrorCode.EMAIL_REGISTERED, 'email'],
  // The email code is the one every registration has; a listed `smsCode` field error wins below.
  [ErrorCode.VERIFY_CODE_WRONG, 'emailCode'],
  [ErrorCode.CAPTCHA_WRONG, 'captcha'],
  [ErrorCode.SN_NOT_FOUND, 'sn'],
]);

export interface FieldErrorUpdate {
  name: RegisterField;
  errors: string[];
}

/**
 * The server's verdict placed on the form's fields: when the answer lists fields in `data`
 * (1012001) those are used; otherwise the code names the field.
 */
export function registerFieldErrors(error: ApiError): FieldErrorUpdate[] {
  const listed = fieldErrorsOf(error).flatMap(({ field, message }) =>
    isRegisterField(field) ? [{ name: field, errors: [message] }] : [],
  );
  if (listed.length > 0) return listed;
  const field = FIELD_OF_CODE.get(error.code);
  return field ? [{ name: field, errors: [error.message] }] : [];
}
