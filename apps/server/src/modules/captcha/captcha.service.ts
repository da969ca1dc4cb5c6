import { createHash, randomInt, randomUUID } from 'node:crypto';
import { CAPTCHA_LENGTH, CAPTCHA_TTL_MS } from '@portal/contract';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { captchas } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { renderCaptchaJpeg } from './captcha-image';
import { CAPTCHA_ALPHABET } from './digit-glyphs';

export type CaptchaTextSource = () => string;

export const randomCaptchaText: CaptchaTextSource = () =>
  Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)]).join(
    '',
  );

const answerHash = (id: string, answer: string) =>
  createHash('sha256').update(`${id}:${answer.trim().toUpperCase()}`).digest('hex');

/** Image captchas: single use, expiring, answer stored only as a hash. */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly textSource: CaptchaTextSource = randomCaptchaText,
  ) {}

  async issue(): Promise<{ id: string; jpeg: Buffer }> {
    const now = this.clock.now();
    await this.db.delete(captchas).where(lt(captchas.expiresAt, now));
    const id = randomUUID();
    const text = this.textSource();
    await this.db.insert(captchas).values({
      id,
      answerHash: answerHash(id, text),
      expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
    });
    return { id, jpeg: renderCaptchaJpeg(text) };
  }

  /** Consumes the captcha whatever the answer, so one image allows one guess. */
  async verify(id: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!id || !answer) return false;
    const [row] = await this.db.delete(captchas).where(eq(captchas.id, id)).returning();
    if (!row || row.expiresAt <= this.clock.now()) return false;
    return row.answerHash === answerHash(id, answer);
  }
}
