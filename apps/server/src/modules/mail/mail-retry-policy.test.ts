import { describe, expect, it } from 'vitest';
import {
  isPermanentRefusal,
  isRecipientRefusal,
  MAIL_RETRY,
  retryDelayMs,
  SMTP_TIMEOUTS,
} from './mail-retry-policy';

describe('mail retry policy', () => {
  it('doubles the wait from 30 s up to 30 min', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 60, 1_000].map((attempts) => retryDelayMs(attempts) / 1000)).toEqual([
      30, 60, 120, 240, 480, 960, 1800, 1800, 1800, 1800,
    ]);
  });

  it('answers a request before the web client gives up, and holds an attempt longer than SMTP can take', () => {
    expect(MAIL_RETRY.answerWithinMs).toBeLessThan(6_000);
    const { connectionTimeout, greetingTimeout, socketTimeout } = SMTP_TIMEOUTS;
    expect(MAIL_RETRY.claimMs).toBeGreaterThan(connectionTimeout + greetingTimeout + socketTimeout);
  });

  it('gives up at once only when the server refused the recipient', () => {
    const smtpError = (code: string, responseCode?: number) =>
      Object.assign(new Error('refused'), { code, responseCode });
    expect(isPermanentRefusal(smtpError('EENVELOPE', 550))).toBe(true);
    expect(isPermanentRefusal(smtpError('EENVELOPE', 451))).toBe(false);
    expect(isPermanentRefusal(smtpError('ECONNECTION'))).toBe(false);
    expect(isPermanentRefusal(smtpError('EAUTH', 535))).toBe(false);
    expect(isPermanentRefusal('ECONNREFUSED')).toBe(false);
  });

  it('tells a server that answered but refused one recipient from a server that is away', () => {
    const smtpError = (code: string, responseCode?: number) =>
      Object.assign(new Error('refused'), { code, responseCode });
    expect(isRecipientRefusal(smtpError('EENVELOPE', 452))).toBe(true);
    expect(isRecipientRefusal(smtpError('EENVELOPE', 550))).toBe(true);
    expect(isRecipientRefusal(smtpError('EENVELOPE'))).toBe(false);
    expect(isRecipientRefusal(smtpError('ESOCKET'))).toBe(false);
  });
});
