/**
 * How the mail queue waits and when it gives up. The first attempt happens in the request that
 * wrote the mail; the worker processes' retry loop makes the later ones.
 */
export const MAIL_RETRY = {
  /** The wait after the first failed attempt; it doubles with every further failure... */
  firstDelayMs: 30_000,
  /** ...up to this. */
  maxDelayMs: 30 * 60_000,
  /** A mail still undelivered this long after it was written is failed for good. */
  giveUpAfterMs: 24 * 3_600_000,
  /** How often the retry loop looks for due mails. */
  loopEveryMs: 15_000,
  /**
   * An attempt in flight holds the mail this long: no other process takes it meanwhile. Well
   * above the SMTP timeouts below, so an attempt has ended (or its process died) by then.
   */
  claimMs: 2 * 60_000,
  /**
   * How long a request waits for the first attempt before it answers "delayed": under the web
   * client's 6 s timeout. The attempt itself goes on and records its outcome.
   */
  answerWithinMs: 4_000,
} as const;

/** nodemailer's timeouts: a mail server that does not answer is known within seconds. */
export const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 };

/** The wait before attempt `attempts + 1`: 30 s, 1 min, 2 min ... 30 min. */
export function retryDelayMs(attempts: number): number {
  const doublings = Math.max(0, attempts - 1);
  return Math.min(MAIL_RETRY.maxDelayMs, MAIL_RETRY.firstDelayMs * 2 ** Math.min(doublings, 20));
}

/** The server answered, and refused this mail's recipient (4xx: for now, 5xx: for good). */
export function isRecipientRefusal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return code === 'EENVELOPE' && typeof responseCode === 'number' && responseCode >= 400;
}

/**
 * The server refused this recipient for good (a 5xx answer to the envelope, e.g. 550 no such
 * user): trying again cannot help. Anything else (server away, timeouts, 4xx, a login refused
 * after a wrong setting) may pass later, so the mail stays queued.
 */
export function isPermanentRefusal(error: unknown): boolean {
  return isRecipientRefusal(error) && (error as { responseCode: number }).responseCode >= 500;
}
