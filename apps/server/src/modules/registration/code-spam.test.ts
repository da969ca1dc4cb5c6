import { ErrorCode } from '@portal/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createUser } from '../../test/factories';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { randomCaptchaText } from '../captcha/captcha.service';

/**
 * The portal must not be a tool to spam arbitrary addresses (issue 16 §3): the anonymous code
 * endpoints want a captcha answer, the signed-in ones a session, and both stop at per-address
 * and per-client limits (429).
 */
describe.each(DRIVERS)('verification-code endpoints on %s', (driver) => {
  let t: TestApp;
  const issued: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(driver, {
      config: { CAPTCHA: true },
      captchaText: () => {
        const text = randomCaptchaText();
        issued.push(text);
        return text;
      },
    });
  }, 60_000);
  afterAll(() => t.close());

  /** A captcha for one client address: its cookie and answer. */
  const captchaFor = async (ip: string) => {
    const image = await t.app.inject({ url: '/api/captcha.jpg', remoteAddress: ip });
    const cookie = image.cookies.find((c) => c.name === 'portal_captcha');
    return { cookie: `portal_captcha=${cookie?.value}`, answer: issued.at(-1) ?? '' };
  };
  const askCode = async (path: string, ip: string, captcha?: { cookie: string; answer: string }) =>
    t.app.inject({
      url: `${path}${captcha ? `&code=${captcha.answer}` : ''}&locale=en-US`,
      remoteAddress: ip,
      headers: captcha ? { cookie: captcha.cookie } : {},
    });
  const mailsTo = async (address: string) =>
    (await t.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.recipient, address)))[0]?.n ?? 0;

  it('sends no registration code without a captcha answer, or with a wrong or reused one', async () => {
    const path = '/api/auth/emailCode?email=victim@example.com';
    const none = await askCode(path, '192.0.2.1');
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe(ErrorCode.CAPTCHA_WRONG);
    const captcha = await captchaFor('192.0.2.1');
    const wrong = await askCode(path, '192.0.2.1', {
      ...captcha,
      answer: captcha.answer === '0000' ? '1111' : '0000',
    });
    expect(wrong.json().code).toBe(ErrorCode.CAPTCHA_WRONG);
    const sms = await askCode('/api/getSmsCaptcha?phone=13800000001', '192.0.2.1');
    expect(sms.json().code).toBe(ErrorCode.CAPTCHA_WRONG);
    expect(await mailsTo('victim@example.com')).toBe(0);

    const right = await captchaFor('192.0.2.1');
    expect((await askCode(path, '192.0.2.1', right)).statusCode).toBe(200);
    expect(await mailsTo('victim@example.com')).toBe(1);
    // One image, one code.
    t.clock.advance(61_000);
    expect((await askCode(path, '192.0.2.1', right)).json().code).toBe(ErrorCode.CAPTCHA_WRONG);
  });

  it('stops one address after its resend interval, whatever the client (429 with Retry-After)', async () => {
    const path = '/api/auth/emailCode?email=target@example.com';
    expect((await askCode(path, '192.0.2.10', await captchaFor('192.0.2.10'))).statusCode).toBe(200);
    const other = await askCode(path, '192.0.2.11', await captchaFor('192.0.2.11'));
    expect(other.statusCode).toBe(429);
    expect(other.json().code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect(Number(other.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('stops one client after 10 codes an hour, whatever the addresses', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const answer = await askCode(
        `/api/auth/emailCode?email=many${i}@example.com`,
        '192.0.2.20',
        await captchaFor('192.0.2.20'),
      );
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('sends account codes only to a signed-in user, under the same limits', async () => {
    const anonymous = await t.app.inject({ url: '/api/sysUser/emailCode?email=x@example.com&locale=en-US' });
    expect(anonymous.statusCode).toBe(401);
    const user = await createUser(t.db, { roleCodes: ['customer'] });
    const token = await t.app.services.sessions.create(user.id, { ip: '192.0.2.30' });
    const ask = () =>
      t.app.inject({
        url: '/api/sysUser/emailCode?email=new-address@example.com&locale=en-US',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
  });
});
