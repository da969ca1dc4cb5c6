import { type ApiTokenCreated, LOGIN_MAX_FAILURES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createItem, createVersion } from '../../test/catalog-factories';
import { createUser, type TestUser } from '../../test/factories';
import { login, tokenFor, withToken } from '../../test/requests';
import { signedInUser } from '../../test/signed-in-user';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { DAY_MS } from '../../lib/clock';

describe.each(DRIVERS)('personal access tokens on %s', (driver) => {
  let t: TestApp;
  let owner: TestUser;
  let session: string;
  let staffSession: string;

  const create = async (body: object, as = session) =>
    withToken<ApiTokenCreated>(t.app, as, { method: 'POST', url: '/api/sysUser/apiTokens', payload: body });
  const newToken = async (scopes: string[], name = 'ci') => {
    const answer = await create({ name, scopes, expiresInDays: 30 });
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp(driver, {
      config: {
        API_TOKEN_REQUESTS_PER_MINUTE: 5,
        API_ACCOUNT_REQUESTS_PER_MINUTE: 8,
        API_ACCOUNT_BYTES_PER_DAY: 1024,
      },
    });
    ({ token: session, ...owner } = await signedInUser(t, {
      roleCodes: ['customer'],
      organisation: 'Token Co',
    }));
    staffSession = (await signedInUser(t, { adminType: '1' })).token;
  }, 60_000);
  afterAll(() => t.close());

  it('is shown once, stored as a digest, listed with its prefix and without the secret', async () => {
    const created = await newToken(['catalog:read']);
    expect(created.token).toMatch(/^fwp_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    const list = await withToken<unknown[]>(t.app, session, { url: '/api/sysUser/apiTokens' });
    expect(JSON.stringify(list.body.data)).not.toContain(created.token);
    expect(list.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: created.id, state: 'active' })]),
    );
    const stored = await t.database.db.execute<{ token_hash: string }>(
      // Only the SHA-256 digest is kept.
      `select token_hash from api_tokens where id = ${created.id}` as never,
    );
    expect(JSON.stringify(stored)).not.toContain(created.token);
  });

  it('refuses bad input with a 400 naming the field, and an expiry over a year', async () => {
    for (const body of [
      { name: '', scopes: ['download'], expiresInDays: 30 },
      { name: 'x', scopes: [], expiresInDays: 30 },
      { name: 'x', scopes: ['admin'], expiresInDays: 30 },
      { name: 'x', scopes: ['download', 'download'], expiresInDays: 30 },
      { name: 'x', scopes: ['download'], expiresInDays: 366 },
      { name: 'x'.repeat(65), scopes: ['download'], expiresInDays: 30 },
    ]) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('holds the limit of active tokens under concurrent creation', async () => {
    const busy = await createUser(t.db, { roleCodes: ['customer'] });
    const answers = await Promise.allSettled(
      Array.from({ length: 30 }, (_, n) =>
        t.app.services.apiTokens.create(busy.id, { name: `n${n}`, scopes: ['download'], expiresInDays: 1 }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(20);
    expect((await t.app.services.apiTokens.list(busy.id)).length).toBe(20);
  });

  it('authenticates the routes naming its scope, and nothing else: never the console, never staff pages', async () => {
    const { token } = await newToken(['catalog:read']);
    const list = await withToken(t.app, token, { url: '/api/catalog/versions?pageNo=1&pageSize=5' });
    expect(list.status).toBe(200);
    // Another scope's route: 403 naming the missing scope.
    const tasks = await withToken(t.app, token, { url: '/api/tasks' });
    expect(tasks.status).toBe(403);
    expect(tasks.body.code).toBe(1026002);
    // The console (the user's menus), account settings, token management, staff pages: refused.
    for (const url of [
      '/api/getLoginUser',
      '/api/sysUser/apiTokens',
      '/api/sysUser/page',
      '/api/sysAudit/page',
    ]) {
      const answer = await withToken(t.app, token, { url });
      expect(answer.status, url).toBe(403);
      expect(answer.body.code, url).toBe(1026001);
    }
    // Public addresses answer as to anyone: the token is not looked at (not even a revoked one).
    for (const url of [
      '/api/catalog/signing-key.pem',
      '/api/public/catalog/versions',
      '/api/feeds/releases.atom',
    ]) {
      const answer = await t.app.inject({ url, headers: { authorization: `Bearer fwp_${'x'.repeat(43)}` } });
      expect(answer.statusCode, url).toBe(200);
    }
    // A token cannot make another token.
    const more = await create({ name: 'y', scopes: ['download'], expiresInDays: 1 }, token);
    expect(more.status).toBe(403);
  });

  it('each scope opens its own operations: tasks, licences, PCIe lookups, my SNs, downloads', async () => {
    t.clock.advance(61_000);
    const cases: [string, { method?: 'GET' | 'POST'; url: string; payload?: object }][] = [
      ['tasks', { url: '/api/tasks' }],
      ['licences', { url: '/api/activation/history' }],
      [
        'catalog:read',
        { method: 'POST', url: '/api/catalog/pcie/lookup', payload: { by: 'pn', values: 'X' } },
      ],
      ['catalog:read', { url: '/api/auth/verification' }],
      ['catalog:read', { method: 'POST', url: '/api/fleet/resolve', payload: { sns: ['NOPE-1'] } }],
      ['download', { url: '/api/downloads/manifest.json' }],
    ];
    for (const [scope, request] of cases) {
      const { token } = await newToken([scope], `scope-${scope}`);
      const allowed = await withToken(t.app, token, request);
      expect(allowed.status, `${scope} ${request.url}`).not.toBeGreaterThanOrEqual(401);
      const other = scope === 'tasks' ? 'licences' : 'tasks';
      const { token: wrong } = await newToken([other], `wrong-${scope}`);
      const refused = await withToken(t.app, wrong, request);
      expect(refused.status, `${other} ${request.url}`).toBe(403);
      expect(refused.body.code).toBe(1026002);
    }
  });

  it('is useless after revocation, expiry, a password change and a freeze', async () => {
    const revoked = await newToken(['catalog:read']);
    const gone = await withToken(t.app, session, {
      method: 'DELETE',
      url: `/api/sysUser/apiTokens/${revoked.id}`,
    });
    expect(gone.status).toBe(200);
    expect((await withToken(t.app, revoked.token, { url: '/api/catalog/models' })).body.code).toBe(1026003);

    const expiring = await withToken<ApiTokenCreated>(t.app, session, {
      method: 'POST',
      url: '/api/sysUser/apiTokens',
      payload: { name: 'day', scopes: ['catalog:read'], expiresInDays: 1 },
    });
    t.clock.advance(DAY_MS + 1);
    expect((await withToken(t.app, expiring.body.data.token, { url: '/api/catalog/models' })).status).toBe(
      401,
    );
    session = await tokenFor(t.app, owner.account, owner.password);

    const beforePassword = await newToken(['catalog:read']);
    const [{ passwordHash } = { passwordHash: '' }] = await t.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, owner.id));
    // Whatever path changes the password (change, mailed reset, staff reset) writes this column.
    await t.db.update(users).set({ passwordHash: 'changed' }).where(eq(users.id, owner.id));
    const afterPassword = await withToken(t.app, beforePassword.token, { url: '/api/catalog/models' });
    expect(afterPassword.status).toBe(401);
    const list = await withToken<{ id: number; revokedReason: string }[]>(t.app, session, {
      url: '/api/sysUser/apiTokens',
    });
    expect(list.body.data.find((row) => row.id === beforePassword.id)?.revokedReason).toBe('password');

    await t.db.update(users).set({ passwordHash }).where(eq(users.id, owner.id));

    // Frozen by staff (through the users page, as support would): revoked, and stays revoked after unfreezing.
    const beforeFreeze = await newToken(['catalog:read']);
    const freeze = await withToken(t.app, staffSession, {
      method: 'POST',
      url: `/api/sysUser/${owner.id}/freeze`,
      payload: { frozen: true },
    });
    expect(freeze.status).toBe(200);
    expect((await withToken(t.app, beforeFreeze.token, { url: '/api/catalog/models' })).status).toBe(401);
    await withToken(t.app, staffSession, {
      method: 'POST',
      url: `/api/sysUser/${owner.id}/freeze`,
      payload: { frozen: false },
    });
    expect((await withToken(t.app, beforeFreeze.token, { url: '/api/catalog/models' })).status).toBe(401);
    session = await tokenFor(t.app, owner.account, owner.password);
  });

  it('another user cannot see or revoke my token (404, as for none); staff can, and it is audited', async () => {
    const otherSession = (await signedInUser(t, { roleCodes: ['customer'], organisation: 'Other Co' })).token;
    const mine = await newToken(['download'], 'mine');
    const steal = await withToken(t.app, otherSession, {
      method: 'DELETE',
      url: `/api/sysUser/apiTokens/${mine.id}`,
    });
    expect(steal.status).toBe(404);
    const peek = await withToken(t.app, otherSession, { url: `/api/sysUser/${owner.id}/apiTokens` });
    expect(peek.status).toBe(403);

    const staffList = await withToken<{ id: number }[]>(t.app, staffSession, {
      url: `/api/sysUser/${owner.id}/apiTokens`,
    });
    expect(staffList.body.data.map((row) => row.id)).toContain(mine.id);
    expect(JSON.stringify(staffList.body.data)).not.toContain(mine.token);
    const revoke = await withToken(t.app, staffSession, {
      method: 'DELETE',
      url: `/api/sysUser/${owner.id}/apiTokens/${mine.id}`,
    });
    expect(revoke.status).toBe(200);
    const audit = await withToken<{ rows: { action: string }[] }>(t.app, staffSession, {
      url: '/api/sysAudit/page?action=user.revokeApiToken',
    });
    expect(audit.body.data.rows.length).toBeGreaterThan(0);
    expect((await withToken(t.app, mine.token, { url: '/api/downloads/manifest.json' })).status).toBe(401);
  });

  it("staff below super admin cannot see or revoke a super admin's tokens; an unknown user is 404", async () => {
    const superAdmin = await createUser(t.db, { adminType: '1' });
    const superToken = await t.app.services.apiTokens.create(superAdmin.id, {
      name: 'root',
      scopes: ['catalog:read'],
      expiresInDays: 1,
    });
    const { token: supportSession, ...support } = await signedInUser(t, { roleCodes: ['staff'] });
    const list = await withToken(t.app, supportSession, { url: `/api/sysUser/${superAdmin.id}/apiTokens` });
    expect(list.status).toBe(403);
    const revoke = await withToken(t.app, supportSession, {
      method: 'DELETE',
      url: `/api/sysUser/${superAdmin.id}/apiTokens/${superToken.id}`,
    });
    expect(revoke.status).toBe(403);
    expect((await withToken(t.app, superToken.token, { url: '/api/catalog/models' })).status).toBe(200);
    // A token id of another user, named under this user: nothing happens.
    const customerToken = await newToken(['catalog:read'], 'elsewhere');
    const crossed = await withToken(t.app, supportSession, {
      method: 'DELETE',
      url: `/api/sysUser/${support.id}/apiTokens/${customerToken.id}`,
    });
    expect(crossed.status).toBe(404);
    expect((await withToken(t.app, customerToken.token, { url: '/api/catalog/models' })).status).toBe(200);
    const unknown = await withToken(t.app, supportSession, { url: '/api/sysUser/999999/apiTokens' });
    expect(unknown.status).toBe(404);
  });

  it('counts requests per token and per account: RateLimit-* headers, then 429 with Retry-After', async () => {
    t.clock.advance(61_000); // a fresh minute for the account
    const a = await newToken(['catalog:read'], 'a');
    const b = await newToken(['catalog:read'], 'b');
    const first = await withToken(t.app, a.token, { url: '/api/catalog/models' });
    expect(first.headers['ratelimit-limit']).toBe('5');
    expect(first.headers['ratelimit-remaining']).toBe('4');
    expect(first.headers['ratelimit-policy']).toBe('5;w=60');
    for (let i = 0; i < 4; i++) await withToken(t.app, a.token, { url: '/api/catalog/models' });
    const over = await withToken(t.app, a.token, { url: '/api/catalog/models' });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe(1026006);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // The account's 8 a minute: b has 5 of its own, but the account has 2 left.
    expect((await withToken(t.app, b.token, { url: '/api/catalog/models' })).status).toBe(200);
    expect((await withToken(t.app, b.token, { url: '/api/catalog/models' })).status).toBe(200);
    const account = await withToken(t.app, b.token, { url: '/api/catalog/models' });
    expect(account.status).toBe(429);
    t.clock.advance(61_000);
    expect((await withToken(t.app, b.token, { url: '/api/catalog/models' })).status).toBe(200);
  });

  it('counts downloaded bytes per account and day: a download that does not fit is refused before a byte', async () => {
    t.clock.advance(61_000);
    const { token } = await newToken(['download', 'catalog:read'], 'bytes');
    const item = await createItem(t.db, { kind: 'BMC' });
    const big = await createVersion(t.db, t.app.services.store, {
      itemId: item.id,
      version: '1.0.0',
      size: 4096,
    });
    const small = await t.app.inject({
      url: `/api/downloads/${big.id}`,
      headers: { authorization: `Bearer ${token}`, range: 'bytes=0-511' },
    });
    expect(small.statusCode).toBe(206);
    const whole = await t.app.inject({
      url: `/api/downloads/${big.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(whole.statusCode).toBe(429);
    expect(whole.json().code).toBe(1026007);
    expect(Number(whole.headers['retry-after'])).toBeGreaterThan(3600);
    // 512 left today: exactly that much is still allowed, one byte more is not.
    const rest = await t.app.inject({
      url: `/api/downloads/${big.id}`,
      headers: { authorization: `Bearer ${token}`, range: 'bytes=512-1023' },
    });
    expect(rest.statusCode).toBe(206);
    const oneMore = await t.app.inject({
      url: `/api/downloads/${big.id}`,
      headers: { authorization: `Bearer ${token}`, range: 'bytes=0-0' },
    });
    expect(oneMore.statusCode).toBe(429);
  });

  // Issue 32 §1: anyone could keep an account locked out of the console through this endpoint.
  it('has no password sign-in for command-line clients, so no stranger can lock an account through one', async () => {
    const fresh = await createUser(t.db, { roleCodes: ['customer'] });
    for (let attempt = 0; attempt < 2 * LOGIN_MAX_FAILURES; attempt += 1) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/apiTokens/login',
        payload: {
          account: fresh.account,
          password: 'Wrong#Pass1',
          name: 'cli',
          scopes: ['download'],
          expiresInDays: 7,
        },
      });
      expect(answer.statusCode).toBe(404);
    }
    expect((await login(t.app, fresh.account, fresh.password)).status).toBe(200);
  });

  it('OpenAPI documents the token scheme on the routes that take it', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.accessToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const resolve = doc.paths['/api/fleet/resolve'].post;
    expect(resolve.security).toEqual(expect.arrayContaining([{ accessToken: [] }]));
    expect(resolve.description).toContain('catalog:read');
    expect(JSON.stringify(doc.paths['/api/sysUser/page'])).not.toContain('accessToken');
  });
});
