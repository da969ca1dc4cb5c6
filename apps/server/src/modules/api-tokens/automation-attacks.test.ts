import { USER_EDIT_PERMISSION, USER_PAGE_PERMISSION } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffRoleWithout, createUser, type TestUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };

/**
 * The automation routes (issue 20) as three attackers try them: nobody signed in, a customer of
 * another company reaching for this customer's tokens, feed and webhooks, and support staff
 * whose role lacks the users permissions reaching for the staff token routes; and bad input.
 */
describe.each(DRIVERS)('automation routes under attack on %s', (driver) => {
  let t: TestApp;
  let owner: TestUser;
  let ownerSession: string;
  let strangerSession: string;
  let lesserStaffSession: string;
  let tokenId: number;
  let webhookId: number;

  beforeAll(async () => {
    t = await createTestApp(driver, { config: { WEBHOOK_ALLOW_PRIVATE: true } });
    owner = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Owner Co' });
    ownerSession = await tokenFor(t.app, owner.account, owner.password);
    tokenId = (
      await t.app.services.apiTokens.create(owner.id, { name: 'ci', scopes: ['download'], expiresInDays: 1 })
    ).id;
    await t.app.services.feedTokens.create(owner.id);
    webhookId = (
      await t.app.services.webhooks.create(owner.id, {
        url: 'http://127.0.0.1:18080/hook',
        events: ['release.published'],
        active: true,
      })
    ).id;
    const stranger = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Another Company' });
    strangerSession = await tokenFor(t.app, stranger.account, stranger.password);
    // Everything the seeded staff role holds except the users permissions.
    await createStaffRoleWithout(t.db, 'no-users', [USER_PAGE_PERMISSION, USER_EDIT_PERMISSION]);
    const support = await createUser(t.db, { roleCodes: ['no-users'] });
    lesserStaffSession = await tokenFor(t.app, support.account, support.password);
  }, 60_000);
  afterAll(() => t.close());

  const ownerRoutes = (): Call[] => [
    { method: 'GET', url: '/api/sysUser/apiTokens' },
    {
      method: 'POST',
      url: '/api/sysUser/apiTokens',
      payload: { name: 'x', scopes: ['download'], expiresInDays: 1 },
    },
    { method: 'DELETE', url: `/api/sysUser/apiTokens/${tokenId}` },
    { method: 'GET', url: '/api/sysUser/feedToken' },
    { method: 'POST', url: '/api/sysUser/feedToken' },
    { method: 'DELETE', url: '/api/sysUser/feedToken' },
    { method: 'GET', url: '/api/sysUser/webhooks' },
    {
      method: 'POST',
      url: '/api/sysUser/webhooks',
      payload: { url: 'http://127.0.0.1:18080/x', events: ['ping'] },
    },
    { method: 'PUT', url: `/api/sysUser/webhooks/${webhookId}`, payload: { active: false } },
    { method: 'DELETE', url: `/api/sysUser/webhooks/${webhookId}` },
    { method: 'GET', url: `/api/sysUser/webhooks/${webhookId}/deliveries` },
    { method: 'POST', url: `/api/sysUser/webhooks/${webhookId}/ping` },
    { method: 'POST', url: '/api/fleet/resolve', payload: { sns: ['X'] } },
  ];
  const staffRoutes = (): Call[] => [
    { method: 'GET', url: `/api/sysUser/${owner.id}/apiTokens` },
    { method: 'DELETE', url: `/api/sysUser/${owner.id}/apiTokens/${tokenId}` },
  ];

  it('answers 401 to an anonymous caller on every route that needs a session', async () => {
    for (const call of [...ownerRoutes(), ...staffRoutes()]) {
      const answer = await t.app.inject({ ...call });
      expect(answer.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
  });

  it("leaves another company's customer nothing of the owner's: 404 on their token and webhook, 403 on staff routes", async () => {
    for (const call of ownerRoutes().filter((route) => /\/(apiTokens|webhooks)\/\d+/.test(route.url))) {
      const answer = await withToken(t.app, strangerSession, call);
      expect(answer.status, `${call.method} ${call.url}`).toBe(404);
    }
    for (const call of staffRoutes())
      expect((await withToken(t.app, strangerSession, call)).status, call.url).toBe(403);
    // The owner's things are untouched.
    expect((await t.app.services.apiTokens.list(owner.id))[0]?.state).toBe('active');
    expect((await t.app.services.webhooks.list(owner.id))[0]?.active).toBe(true);
    expect((await t.app.services.feedTokens.status(owner.id)).active).toBe(true);
  });

  it('answers 403 to staff whose role lacks the users permissions, and revokes nothing', async () => {
    for (const call of staffRoutes())
      expect((await withToken(t.app, lesserStaffSession, call)).status, call.url).toBe(403);
    expect((await t.app.services.apiTokens.list(owner.id))[0]?.state).toBe('active');
  });

  it('answers bad input with 4xx, never 500', async () => {
    const bad: Call[] = [
      { method: 'DELETE', url: '/api/sysUser/apiTokens/99999999999999999999' },
      { method: 'DELETE', url: '/api/sysUser/apiTokens/%00' },
      { method: 'GET', url: '/api/sysUser/2147483648/apiTokens' },
      { method: 'DELETE', url: `/api/sysUser/${owner.id}/apiTokens/-1` },
      {
        method: 'POST',
        url: '/api/sysUser/apiTokens',
        payload: { name: 'a\u0000b', scopes: ['download'], expiresInDays: 1 },
      },
      {
        method: 'POST',
        url: '/api/sysUser/apiTokens',
        payload: { name: 'x'.repeat(10_000), scopes: ['download'], expiresInDays: 1 },
      },
      { method: 'GET', url: '/api/sysUser/webhooks/99999999999999999999/deliveries' },
      { method: 'GET', url: `/api/sysUser/webhooks/${webhookId}/deliveries?pageNo=-1&pageSize=%00` },
      { method: 'PUT', url: `/api/sysUser/webhooks/${webhookId}`, payload: { events: ['x'.repeat(5000)] } },
      {
        method: 'POST',
        url: '/api/sysUser/webhooks',
        payload: { url: `http://${'a'.repeat(5000)}.example/`, events: ['ping'] },
      },
      {
        method: 'POST',
        url: '/api/sysUser/webhooks',
        payload: { url: 'http://\u0000/', events: ['release.published'] },
      },
      { method: 'POST', url: '/api/fleet/resolve', payload: { sns: ['\u0000'] } },
      { method: 'POST', url: '/api/fleet/resolve', payload: { sns: 'x'.repeat(100_000) } },
      { method: 'GET', url: '/api/feeds/releases.atom?model=%00' },
      { method: 'GET', url: `/api/feeds/releases.atom?pn=${'x'.repeat(10_000)}` },
      { method: 'GET', url: '/api/feeds/releases.atom?token=fwf_%00' },
    ];
    for (const call of bad) {
      const answer = await t.app.inject({
        ...call,
        headers: { authorization: `Bearer ${sessionFor(call)}` },
      });
      expect(answer.statusCode, `${call.method} ${call.url.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, `${call.method} ${call.url.slice(0, 60)}`).toBeLessThan(500);
    }
    // The anonymous device sign-in endpoints (RFC 8628) take no session either.
    const anonymous: Call[] = [
      { method: 'POST', url: '/api/device/code', payload: { client_id: '\u0000' } },
      { method: 'POST', url: '/api/device/code', payload: { client_id: 'x'.repeat(100_000) } },
      {
        method: 'POST',
        url: '/api/device/token',
        payload: {
          grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
          device_code: 'x'.repeat(100_000),
        },
      },
      { method: 'POST', url: '/api/device/token', payload: { device_code: ['\u0000'] } },
    ];
    for (const call of anonymous) {
      const answer = await t.app.inject(call);
      expect(answer.statusCode, `${call.method} ${call.url}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, `${call.method} ${call.url}`).toBeLessThan(500);
    }
  });

  /** Staff routes are tried as a super admin, so a refusal can only come from the input. */
  function sessionFor(call: Call) {
    return /\/api\/sysUser\/[^/]+\/apiTokens/.test(call.url) ? adminSession : ownerSession;
  }
  let adminSession = '';
  beforeAll(async () => {
    const admin = await createUser(t.db, { adminType: '1' });
    adminSession = await tokenFor(t.app, admin.account, admin.password);
  });
});
