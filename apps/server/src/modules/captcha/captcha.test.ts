import { CAPTCHA_TTL_MS, ErrorCode } from '@portal/contract';
import jpeg from 'jpeg-js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app';
import { randomCaptchaText } from './captcha.service';

describe('image captcha on sign-in', () => {
  let t: TestApp;
  const issued: string[] = [];
  beforeEach(async () => {
    // The test seam: the answers are recorded here, never exposed over HTTP.
    t = await createTestApp('pglite', {
      config: { CAPTCHA: true },
      captchaText: () => {
        const text = randomCaptchaText();
        issued.push(text);
        return text;
      },
    });
  });
  afterEach(() => t.close());

  const fetchCaptcha = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/captcha.jpg' });
    const cookie = response.cookies.find((c) => c.name === 'portal_captcha');
    return { response, cookie: `portal_captcha=${cookie?.value}`, answer: issued.at(-1) ?? '' };
  };
  const loginWith = (cookie: string, code: string, password = ADMIN_PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: `/api/login?code=${encodeURIComponent(code)}&locale=en-US`,
      headers: { cookie },
      payload: { account: 'admin', password },
    });

  it('serves a real, uncached JPEG bound by an httpOnly cookie', async () => {
    const { response } = await fetchCaptcha();
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toMatch(/HttpOnly/);
    const image = jpeg.decode(response.rawPayload);
    expect([image.width, image.height]).toEqual([120, 40]);
    expect(issued.at(-1)).toMatch(/^\d{4}$/);
  });

  it('accepts the right answer once and refuses it the second time', async () => {
    const { cookie, answer } = await fetchCaptcha();
    expect((await loginWith(cookie, answer)).json()).toMatchObject({ success: true });
    const again = await loginWith(cookie, answer);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe(ErrorCode.CAPTCHA_WRONG);
  });

  it('refuses a wrong answer, a missing cookie and an expired captcha', async () => {
    const wrong = await fetchCaptcha();
    expect((await loginWith(wrong.cookie, wrong.answer === '0000' ? '1111' : '0000')).json().code).toBe(
      ErrorCode.CAPTCHA_WRONG,
    );
    const noCookie = await fetchCaptcha();
    expect((await loginWith('', noCookie.answer)).json().code).toBe(ErrorCode.CAPTCHA_WRONG);
    const late = await fetchCaptcha();
    t.clock.advance(CAPTCHA_TTL_MS + 1);
    expect((await loginWith(late.cookie, late.answer)).json().code).toBe(ErrorCode.CAPTCHA_WRONG);
  });

  it('does not count a wrong captcha against the password', async () => {
    const { cookie } = await fetchCaptcha();
    await loginWith(cookie, 'zzzz');
    const next = await fetchCaptcha();
    expect((await loginWith(next.cookie, next.answer)).json().success).toBe(true);
  });
});
