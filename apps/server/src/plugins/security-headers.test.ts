import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../test/signed-in-user';
import { createTestApp, DRIVERS, type TestApp } from '../test/test-app';

describe.each(DRIVERS)('security headers on %s', (driver) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    token = (await signedInUser(t)).token;
  }, 60_000);
  afterAll(() => t.close());

  const expectHardened = (headers: Record<string, unknown>) => {
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
  };

  it('hardens HTML pages, API answers and errors alike', async () => {
    for (const url of ['/', '/user/login', '/api/health', '/api/no-such-route', '/api/getLoginUser']) {
      const answer = await t.app.inject({ url });
      expectHardened(answer.headers);
    }
  });

  it('keeps authenticated API answers out of every cache', async () => {
    const answer = await t.app.inject({
      url: '/api/getLoginUser',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expectHardened(answer.headers);
  });

  it('sends HSTS only when the portal is served over https', async () => {
    expect((await t.app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    const secure = await createTestApp(driver, { config: { PUBLIC_URL: 'https://download.example.com' } });
    try {
      const answer = await secure.app.inject({ url: '/api/health' });
      expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});
