import { CAPTCHA_TTL_MS } from '@portal/contract';
import type { FastifyInstance } from 'fastify';

export const CAPTCHA_COOKIE = 'portal_captcha';

export async function captchaRoutes(app: FastifyInstance) {
  app.get(
    '/api/captcha.jpg',
    {
      schema: {
        tags: ['auth'],
        summary: 'A single-use JPEG captcha, bound to this browser by an httpOnly cookie',
        produces: ['image/jpeg'],
      },
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { id, jpeg } = await app.services.captcha.issue();
      return reply
        .setCookie(CAPTCHA_COOKIE, id, {
          path: '/api',
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https',
          maxAge: CAPTCHA_TTL_MS / 1000,
        })
        .header('Cache-Control', 'no-store')
        .type('image/jpeg')
        .send(jpeg);
    },
  );
}
