import { ErrorCode } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { changeLocale, i18n } from '@/lib/i18n';
import { signInFailureMessage } from './sign-in-failure';

const lockedUntil = '2026-11-25T15:05:00.000Z';
const locked = (data: unknown) =>
  new ApiError({ code: ErrorCode.ACCOUNT_LOCKED, status: 423, message: 'locked; try again in 5 min', data });

describe('signInFailureMessage', () => {
  beforeAll(async () => {
    await changeLocale('en-US');
  });
  const t = () => i18n.getFixedT(null, 'login');

  it('names the end of a lock in local time, not UTC (issue 18 §3)', () => {
    expect(signInFailureMessage(locked({ lockedUntil }), t())).toBe(
      `Too many failed sign-ins: the account is locked until ${formatDateTime(lockedUntil)}`,
    );
  });

  it("keeps the server's text when the lock carries no time, and for any other failure", () => {
    expect(signInFailureMessage(locked(null), t())).toBe('locked; try again in 5 min');
    const wrong = new ApiError({ code: ErrorCode.ACCOUNT_PASSWORD_WRONG, status: 400, message: 'Wrong' });
    expect(signInFailureMessage(wrong, t())).toBe('Wrong');
  });
});
