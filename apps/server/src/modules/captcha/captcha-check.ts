import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { CAPTCHA_COOKIE } from './captcha.routes';

/**
 * Spends the captcha bound to this browser and refuses when `answer` is wrong.
 * Does nothing when CAPTCHA=off. The cookie is cleared either way: one answer per image.
 */
export async function requireCaptcha(
  app: FastifyInstance,
  enabled: boolean,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: string | undefined,
): Promise<void> {
  if (!enabled) return;
  reply.clearCookie(CAPTCHA_COOKIE, { path: '/api' });
  if (!(await app.services.captcha.verify(request.cookies[CAPTCHA_COOKIE], answer)))
    throw new AppError('CAPTCHA_WRONG');
}
