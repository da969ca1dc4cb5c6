import { ErrorCode } from '@portal/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';

/**
 * What the sign-in form says about a refused attempt. A lock names its end in the reader's own
 * time zone (the server sends the instant as `lockedUntil`); anything else is the server's text.
 */
export function signInFailureMessage(error: Error, t: TFunction<'login'>): string {
  if (error instanceof ApiError && error.code === ErrorCode.ACCOUNT_LOCKED) {
    const data = error.data as { lockedUntil?: unknown } | null;
    const time = typeof data?.lockedUntil === 'string' ? formatDateTime(data.lockedUntil) : '';
    if (time) return t('pages.login.lockedUntil', { time });
  }
  return error.message;
}
