import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';

/** Spec 5: 8-16 characters with upper and lower case letters, digits and special characters. */
export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

export type PasswordStrength = 'low' | 'medium' | 'high';

/** The Low / Medium / High meter of the forms: classes of characters and length. */
export function passwordStrength(password: string): PasswordStrength {
  if (meetsPasswordRule(password)) return password.length >= 12 ? 'high' : 'medium';
  const classes = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  return classes >= 3 && password.length >= PASSWORD_MIN_LENGTH ? 'medium' : 'low';
}

export const modifyPasswordBodySchema = z.object({
  password: z.string().max(128),
  newPassword: z.string().max(128),
  confirm: z.string().max(128),
  code: z.string().max(16),
});
export type ModifyPasswordBody = z.infer<typeof modifyPasswordBodySchema>;

export const verifyCodeSentSchema = z.object({
  /** The destination, masked (d***@example.com). */
  destination: z.string(),
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
  /**
   * Present when the mail server did not take the code at once: it is queued and sent as soon
   * as the server answers (while the code is valid). The text says so in the request's language.
   */
  mailDelayed: z.string().optional(),
});
export type VerifyCodeSent = z.infer<typeof verifyCodeSentSchema>;
