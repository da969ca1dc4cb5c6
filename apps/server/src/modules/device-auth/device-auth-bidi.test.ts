import type { DeviceCode, DeviceRequest } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAuthorizations } from '../../db/schema';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { hashToken } from '../auth/token';

/** Bidi controls and zero-width characters (issue 40 §3): none may reach the approval form. */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

/**
 * Issue 40 §3: a device sign-in naming its host `demo-laptop\u202Egnp.exe` showed on the approval
 * form as "demo-laptopexe.png". What the client sends is stored and shown without bidi controls,
 * zero-width characters or control characters, and so is a row stored before that rule.
 */
describe.each(DRIVERS)('device sign-in names with invisible characters on %s', (driver) => {
  let t: TestApp;
  let session: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { config: { PUBLIC_URL: 'https://portal.example.com' } });
    const owner = await createUser(t.db, { roleCodes: ['customer'] });
    session = await tokenFor(t.app, owner.account, owner.password);
  }, 60_000);
  afterAll(() => t.close());

  const requestCode = async (clientId: string, clientHost: string, userAgent: string) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/device/code',
      headers: { 'user-agent': userAgent },
      payload: { client_id: clientId, client_host: clientHost, scope: 'download' },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json<DeviceCode>();
  };
  const lookup = (userCode: string) =>
    withToken<DeviceRequest>(t.app, session, {
      method: 'POST',
      url: '/api/device/lookup',
      payload: { userCode },
    });

  it('stores and shows the host and client without bidi or zero-width characters', async () => {
    const code = await requestCode(
      'fw\u200bportal\u2066',
      'demo-laptop\u202Egnp.exe\u200d\ufeff\u2069\u061c\u200f',
      'fwportal/1.0 \u202e)x(\u2060',
    );
    const stored = await t.db.select().from(deviceAuthorizations);
    const row = stored.find((entry) => entry.userCodeHash === hashToken(code.user_code.replace('-', '')));
    expect(row?.clientHost).toBe('demo-laptopgnp.exe');
    expect(row?.clientId).toBe('fwportal');
    expect(row?.userAgent).not.toMatch(INVISIBLE);

    const shown = await lookup(code.user_code);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ clientId: 'fwportal', clientHost: 'demo-laptopgnp.exe' });
    expect(JSON.stringify(shown.body.data)).not.toMatch(INVISIBLE);
  });

  it('shows a row stored before the rule without them too', async () => {
    const code = await requestCode('fwportal', 'plain-host', 'fwportal/1.0');
    await t.db.update(deviceAuthorizations).set({
      clientHost: 'old\u202Etxt.exe\u200b',
      clientId: 'fw\u2067portal',
      userAgent: 'ua\u202d\u0007',
    });
    const shown = await lookup(code.user_code);
    expect(shown.body.data).toMatchObject({
      clientId: 'fwportal',
      clientHost: 'oldtxt.exe',
      userAgent: 'ua',
    });
  });
});
