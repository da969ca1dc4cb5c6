import { ErrorCode, TOKEN_TTL_MS } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

describe.each(DRIVERS)('tokens on %s', (driver) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(driver);
  });
  afterEach(() => t.close());

  const getLoginUser = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/getLoginUser', headers });

  it('tells a missing, non-Bearer and malformed token apart', async () => {
    const cases: [Record<string, string>, number][] = [
      [{}, ErrorCode.TOKEN_EMPTY],
      [{ authorization: 'Basic YWRtaW46eA==' }, ErrorCode.TOKEN_NOT_BEARER],
      [{ authorization: 'Bearer not-a-token' }, ErrorCode.TOKEN_INVALID],
      [{ authorization: `Bearer ${'a'.repeat(43)} extra` }, ErrorCode.TOKEN_INVALID],
      [{ authorization: `Bearer ${'a'.repeat(43)}` }, ErrorCode.LOGIN_EXPIRED],
    ];
    for (const [headers, code] of cases) {
      const response = await getLoginUser(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code, data: null });
    }
  });

  it('keeps a token valid for 7 days and no longer', async () => {
    const user = await createUser(t.db, { roleCodes: ['customer'] });
    const token = await tokenFor(t.app, user.account, user.password);
    t.clock.advance(TOKEN_TTL_MS - 1000);
    expect((await withToken(t.app, token, { url: '/api/getLoginUser' })).status).toBe(200);
    t.clock.advance(1000);
    const expired = await withToken(t.app, token, { url: '/api/getLoginUser?locale=en-US' });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({
      code: ErrorCode.LOGIN_EXPIRED,
      message: 'Login has expired,please login again',
    });
  });

  it('revokes the token on logout and leaves other sessions alive', async () => {
    const user = await createUser(t.db, { roleCodes: ['customer'] });
    const first = await tokenFor(t.app, user.account, user.password);
    const second = await tokenFor(t.app, user.account, user.password);
    const logout = await withToken(t.app, first, { url: '/api/logout' });
    expect(logout.body).toMatchObject({ success: true, code: 200 });
    expect((await withToken(t.app, first, { url: '/api/getLoginUser' })).body.code).toBe(
      ErrorCode.LOGIN_EXPIRED,
    );
    expect((await withToken(t.app, first, { url: '/api/logout' })).body.code).toBe(ErrorCode.LOGIN_EXPIRED);
    expect((await withToken(t.app, second, { url: '/api/getLoginUser' })).status).toBe(200);
  });

  it('revokes every other session when asked to (what a password change does)', async () => {
    const user = await createUser(t.db, { roleCodes: ['customer'] });
    const kept = await tokenFor(t.app, user.account, user.password);
    const other = await tokenFor(t.app, user.account, user.password);
    const identity = await t.app.services.sessions.authenticate(`Bearer ${kept}`);
    await t.app.services.sessions.revokeAllForUser(user.id, identity.sessionId);
    expect((await withToken(t.app, other, { url: '/api/getLoginUser' })).body.code).toBe(
      ErrorCode.LOGIN_EXPIRED,
    );
    expect((await withToken(t.app, kept, { url: '/api/getLoginUser' })).status).toBe(200);
  });

  it('ends the session of an account frozen after sign-in with 1011007', async () => {
    const user = await createUser(t.db, { roleCodes: ['customer'] });
    const token = await tokenFor(t.app, user.account, user.password);
    await t.db.update(users).set({ frozen: true }).where(eq(users.id, user.id));
    const answer = await withToken(t.app, token, { url: '/api/getLoginUser' });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe(ErrorCode.ACCOUNT_FROZEN);
  });
});
