import { createHash, randomInt } from 'node:crypto';
import {
  VERIFY_CODE_LENGTH,
  VERIFY_CODE_MAX_ATTEMPTS,
  VERIFY_CODE_RESEND_MS,
  VERIFY_CODE_TTL_MS,
  type VerifyCodeSent,
} from '@portal/contract';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { verificationCodes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';

export type CodePurpose =
  'modify-password' | 'register-email' | 'register-sms' | 'bind-email' | 'bind-phone' | 'activation';

/** Codes one destination may receive per day, whatever asks for them (stops mail/SMS bombing). */
export const CODES_PER_DESTINATION_PER_DAY = 10;
const DAY_MS = 24 * 3_600_000;

/** A code's lifetime in minutes, as the mail or SMS carrying it states it. */
export const CODE_MINUTES = VERIFY_CODE_TTL_MS / 60_000;

/**
 * What every form that sends a code answers: where it went (masked), how long it lives, when to
 * ask again, and `mailDelayed` (a text for the reader) when its mail waits in the queue.
 */
export const codeSent = (destination: string, mailDelayed?: string): VerifyCodeSent => ({
  destination,
  expiresInSeconds: VERIFY_CODE_TTL_MS / 1000,
  resendAfterSeconds: VERIFY_CODE_RESEND_MS / 1000,
  ...(mailDelayed === undefined ? {} : { mailDelayed }),
});

const tooManyRequests = (waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError('TOO_MANY_REQUESTS', {
    params: { seconds },
    headers: { 'retry-after': String(seconds) },
  });
};

const hashCode = (id: number, code: string) =>
  createHash('sha256').update(`${id}:${code.trim()}`).digest('hex');

/** Issues and checks single-use, expiring codes with a resend interval and an attempt limit. */
export class VerifyCodeService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * A new code for (purpose, destination). Refuses with 429 + Retry-After inside the
   * resend interval of that purpose, and past the daily cap of the destination.
   */
  async issue(purpose: CodePurpose, destination: string, userId: number | null): Promise<string> {
    const now = this.clock.now();
    const [latest] = await this.db
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.destination, destination)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    const waitMs = latest ? latest.createdAt.getTime() + VERIFY_CODE_RESEND_MS - now.getTime() : 0;
    if (waitMs > 0) throw tooManyRequests(waitMs);
    const today = await this.db
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.destination, destination),
          gt(verificationCodes.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(CODES_PER_DESTINATION_PER_DAY);
    const oldest = today[CODES_PER_DESTINATION_PER_DAY - 1];
    if (oldest) throw tooManyRequests(oldest.createdAt.getTime() + DAY_MS - now.getTime());
    const code = Array.from({ length: VERIFY_CODE_LENGTH }, () => randomInt(0, 10)).join('');
    await this.db.transaction(async (tx) => {
      // A new code replaces the previous ones: only the latest can be used.
      await tx
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(verificationCodes.purpose, purpose),
            eq(verificationCodes.destination, destination),
            isNull(verificationCodes.consumedAt),
          ),
        );
      const [row] = await tx
        .insert(verificationCodes)
        .values({
          userId,
          purpose,
          destination,
          codeHash: '',
          createdAt: now,
          expiresAt: new Date(now.getTime() + VERIFY_CODE_TTL_MS),
        })
        .returning({ id: verificationCodes.id });
      if (!row) throw new Error('verification code not inserted');
      await tx
        .update(verificationCodes)
        .set({ codeHash: hashCode(row.id, code) })
        .where(eq(verificationCodes.id, row.id));
    });
    return code;
  }

  /**
   * Checks that the code matches without spending it (a wrong guess counts all the same): for
   * a form that must prove the code before it may tell more (registration: a taken name).
   */
  async verify(purpose: CodePurpose, destination: string, code: string): Promise<void> {
    await this.matching(purpose, destination, code);
  }

  /** Consumes the code when it matches; a wrong guess counts, and the limit ends the code. */
  async consume(purpose: CodePurpose, destination: string, code: string): Promise<void> {
    const row = await this.matching(purpose, destination, code);
    const consumed = await this.db
      .update(verificationCodes)
      .set({ consumedAt: this.clock.now() })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    // Two requests racing with the same code: only one wins.
    if (consumed.length === 0) throw new AppError('VERIFY_CODE_WRONG');
  }

  /** The live code row of (purpose, destination) when `code` is it; a wrong guess is counted. */
  private async matching(purpose: CodePurpose, destination: string, code: string) {
    const now = this.clock.now();
    const [row] = await this.db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.purpose, purpose),
          eq(verificationCodes.destination, destination),
          isNull(verificationCodes.consumedAt),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (!row || row.expiresAt <= now || row.attempts >= VERIFY_CODE_MAX_ATTEMPTS)
      throw new AppError('VERIFY_CODE_WRONG');
    if (row.codeHash !== hashCode(row.id, code)) {
      await this.db
        .update(verificationCodes)
        .set({ attempts: row.attempts + 1 })
        .where(eq(verificationCodes.id, row.id));
      throw new AppError('VERIFY_CODE_WRONG');
    }
    return row;
  }
}
