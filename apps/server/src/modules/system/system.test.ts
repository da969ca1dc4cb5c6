import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('health, public config and OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { config: { CAPTCHA: true } });
  });
  afterAll(() => t.close());

  it('reports health with the database state', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('tells the sign-in page whether a captcha is needed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config?locale=en-US' });
    expect(response.json().data).toEqual({
      captchaEnabled: true,
      portalName: 'Server Firmware & Software Portal',
      tokenLinkOrigins: [],
    });
  });

  it('serves an OpenAPI 3 document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/login',
        '/api/logout',
        '/api/getLoginUser',
        '/api/sysMenu/change',
        '/api/sysDictType/tree',
        '/api/captcha.jpg',
      ]),
    );
    const loginBody = document.paths['/api/login'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(loginBody.properties)).toEqual(['account', 'password']);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
