import {
  DEVICE_CODE_ATTEMPTS,
  DEVICE_CODE_ATTEMPT_WINDOW_MS,
  DEVICE_CODE_TTL_SECONDS,
  DEVICE_GRANT_TYPE,
  type DeviceCode,
  API_TOKENS_PER_ACCOUNT,
  ErrorCode,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

const TOKEN = { name: 'fwportal@build-7', scopes: ['download'], expiresInDays: 7 };

describe.each(DRIVERS)('device sign-in of command-line clients (RFC 8628) on %s', (driver) => {
  let t: TestApp;
  let owner: TestUser;
  let ownerSession: string;
  let otherSession: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { config: { PUBLIC_URL: 'https://portal.example.com' } });
    owner = await createUser(t.db, { roleCodes: ['customer'] });
    const other = await createUser(t.db, { roleCodes: ['customer'] });
    ownerSession = await tokenFor(t.app, owner.account, owner.password);
    otherSession = await tokenFor(t.app, other.account, other.password);
  }, 60_000);
  afterAll(() => t.close());

  const requestCode = async (remoteAddress = '198.51.100.7') => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/device/code',
      remoteAddress,
      headers: { 'user-agent': 'fwportal/1.0' },
      payload: {
        client_id: 'fwportal',
        client_host: 'build-7',
        scope: 'download catalog:read',
        expires_in_days: 30,
      },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json<DeviceCode>();
  };
  const poll = async (deviceCode: string) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/device/token',
      payload: { grant_type: DEVICE_GRANT_TYPE, device_code: deviceCode, client_id: 'fwportal' },
    });
    return { status: answer.statusCode, body: answer.json(), headers: answer.headers };
  };
  /** Polls after waiting the interval, as a well-behaved client does. */
  const pollInTime = async (code: DeviceCode, seconds = code.interval) => {
    t.clock.advance(seconds * 1000);
    return poll(code.device_code);
  };
  const console = (session: string, path: string, payload: object) =>
    withToken<Record<string, unknown>>(t.app, session, {
      method: 'POST',
      url: `/api/device/${path}`,
      payload,
    });

  it('approved in the console, hands the approver a token with the chosen name and scopes, once', async () => {
    const code = await requestCode();
    expect(code.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(code.device_code.length).toBeGreaterThanOrEqual(43);
    expect(code.verification_uri).toBe('https://portal.example.com/device');
    expect(code.verification_uri_complete).toBe(
      `https://portal.example.com/device?user_code=${code.user_code}`,
    );
    expect([code.expires_in, code.interval]).toEqual([DEVICE_CODE_TTL_SECONDS, 5]);

    expect((await pollInTime(code)).body).toEqual({ error: 'authorization_pending' });

    // The person sees who asks before approving (typed in lower case, without the dash).
    const shown = await console(ownerSession, 'lookup', {
      userCode: code.user_code.replace('-', '').toLowerCase(),
    });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      userCode: code.user_code,
      clientId: 'fwportal',
      clientHost: 'build-7',
      clientIp: '198.51.100.7',
      userAgent: 'fwportal/1.0',
      requestedScopes: ['download', 'catalog:read'],
      requestedDays: 30,
    });
    const approved = await console(ownerSession, 'approve', { userCode: code.user_code, token: TOKEN });
    expect(approved.body.data).toEqual({ approved: true });

    const issued = await pollInTime(code);
    expect(issued.status).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    expect(issued.body).toMatchObject({
      token_type: 'Bearer',
      scope: 'download',
      expires_in: 7 * 86_400,
      account: owner.account,
    });
    const token = issued.body.access_token as string;
    expect(token).toMatch(/^fwp_/);
    expect(issued.body.token).toMatchObject({ name: TOKEN.name, scopes: ['download'], token });

    // The token is the approver's, with the approver's choice of scopes, and nobody else's.
    const mine = await withToken<Array<{ name: string; scopes: string[] }>>(t.app, ownerSession, {
      url: '/api/sysUser/apiTokens',
    });
    expect(mine.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: TOKEN.name, scopes: ['download'] })]),
    );
    const theirs = await withToken<unknown[]>(t.app, otherSession, { url: '/api/sysUser/apiTokens' });
    expect(theirs.body.data).toEqual([]);
    const outOfScope = await withToken(t.app, token, { url: '/api/auth/verification' });
    expect([outOfScope.status, outOfScope.body.code]).toEqual([403, ErrorCode.API_TOKEN_SCOPE_MISSING]);

    // Single use: the device code never answers a token again, and the user code is spent.
    expect((await pollInTime(code)).body).toEqual({ error: 'invalid_grant' });
    expect((await console(ownerSession, 'lookup', { userCode: code.user_code })).status).toBe(404);
  });

  it('answers slow_down to a client polling faster than the interval, and makes the interval longer', async () => {
    const code = await requestCode();
    expect((await pollInTime(code)).body).toEqual({ error: 'authorization_pending' });
    const tooSoon = await pollInTime(code, 1);
    expect([tooSoon.status, tooSoon.body]).toEqual([400, { error: 'slow_down', interval: 10 }]);
    // Five seconds are no longer enough; ten are.
    expect((await pollInTime(code, 5)).body).toMatchObject({ error: 'slow_down', interval: 15 });
    expect((await pollInTime(code, 15)).body).toEqual({ error: 'authorization_pending' });
  });

  it('answers access_denied once the person denies, and the code cannot be approved afterwards', async () => {
    const code = await requestCode();
    expect((await console(ownerSession, 'deny', { userCode: code.user_code })).body.data).toEqual({
      approved: false,
    });
    expect((await pollInTime(code)).body).toEqual({ error: 'access_denied' });
    const late = await console(otherSession, 'approve', { userCode: code.user_code, token: TOKEN });
    expect([late.status, late.body.code]).toEqual([404, ErrorCode.DEVICE_CODE_INVALID]);
    expect((await pollInTime(code)).body).toEqual({ error: 'access_denied' });
  });

  it('answers expired_token after expires_in, and the console no longer finds the code', async () => {
    const code = await requestCode();
    t.clock.advance(DEVICE_CODE_TTL_SECONDS * 1000);
    expect((await poll(code.device_code)).body).toEqual({ error: 'expired_token' });
    const late = await console(ownerSession, 'approve', { userCode: code.user_code, token: TOKEN });
    expect([late.status, late.body.code]).toEqual([404, ErrorCode.DEVICE_CODE_INVALID]);
  });

  it('answers invalid_grant to an unknown device code and unsupported_grant_type to another grant', async () => {
    expect((await poll('not-a-device-code')).body).toEqual({ error: 'invalid_grant' });
    const code = await requestCode();
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/device/token',
      payload: { grant_type: 'password', device_code: code.device_code },
    });
    expect([other.statusCode, other.json()]).toEqual([400, { error: 'unsupported_grant_type' }]);
  });

  it("takes the RFC's form encoding too", async () => {
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/device/code',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'client_id=curl',
    });
    expect(code.statusCode).toBe(200);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/device/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: DEVICE_GRANT_TYPE,
        device_code: code.json().device_code,
      }).toString(),
    });
    expect(answer.json()).toEqual({ error: 'authorization_pending' });
  });

  it('gives an account 5 wrong user codes in a quarter of an hour, a burst included, then refuses even the right one', async () => {
    const guesser = await createUser(t.db, { roleCodes: ['customer'] });
    const session = await tokenFor(t.app, guesser.account, guesser.password);
    const code = await requestCode();
    const wrong = Array.from({ length: 2 * DEVICE_CODE_ATTEMPTS }, (_, i) => `BBBB${'CDFGHJKLMN'[i]}BBB`);
    const answers = await Promise.all(wrong.map((userCode) => console(session, 'lookup', { userCode })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 404)).toHaveLength(DEVICE_CODE_ATTEMPTS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(DEVICE_CODE_ATTEMPTS);
    const right = await console(session, 'approve', { userCode: code.user_code, token: TOKEN });
    expect([right.status, right.body.code]).toEqual([429, ErrorCode.DEVICE_CODE_ATTEMPTS]);
    // Another account is not held up by this one's guesses.
    expect((await console(ownerSession, 'lookup', { userCode: code.user_code })).status).toBe(200);
    t.clock.advance(DEVICE_CODE_ATTEMPT_WINDOW_MS);
    const fresh = await requestCode();
    expect((await console(session, 'lookup', { userCode: fresh.user_code })).status).toBe(200);
  });

  it('refuses an approval in the console when the account holds its maximum of tokens, and the code stays pending', async () => {
    const full = await createUser(t.db, { roleCodes: ['customer'] });
    const session = await tokenFor(t.app, full.account, full.password);
    for (let i = 0; i < API_TOKENS_PER_ACCOUNT; i += 1)
      await t.app.services.apiTokens.create(full.id, { ...TOKEN, scopes: ['download'] });
    const code = await requestCode();
    const refused = await console(session, 'approve', { userCode: code.user_code, token: TOKEN });
    expect([refused.status, refused.body.code]).toEqual([409, ErrorCode.API_TOKEN_LIMIT]);
    expect((await pollInTime(code)).body).toEqual({ error: 'authorization_pending' });
  });

  it('needs a console session to look up, approve or deny; a personal access token is refused', async () => {
    const code = await requestCode();
    for (const path of ['lookup', 'approve', 'deny']) {
      const anonymous = await t.app.inject({
        method: 'POST',
        url: `/api/device/${path}`,
        payload: { userCode: code.user_code },
      });
      expect(anonymous.statusCode).toBe(401);
    }
    const { token } = await t.app.services.apiTokens.create(owner.id, { ...TOKEN, scopes: ['download'] });
    const withApiToken = await console(token, 'approve', { userCode: code.user_code, token: TOKEN });
    expect(withApiToken.status).toBe(403);
  });
});
