import type { PsirtEncryptionKey } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalAccessToken } from '../../test/api-tokens';
import { createStaffRoleWithout } from '../../test/factories';
import { callAs, type Method } from '../../test/requests';
import { signedInUser } from '../../test/signed-in-user';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

/** Every PSIRT staff route (issue 43 §3, §4), with a body it would take. */
const PSIRT_ROUTES: [Method, string, object?][] = [
  ['GET', '/api/staff/psirt/reports'],
  ['GET', '/api/staff/psirt/reports/1'],
  ['PUT', '/api/staff/psirt/reports/1', { status: 'triage', staffNote: '', advisoryPk: null }],
  ['POST', '/api/staff/psirt/reports/1/decrypt'],
  ['GET', '/api/staff/psirt/art14'],
  ['GET', '/api/staff/psirt/art14/candidates'],
  ['GET', '/api/staff/psirt/art14/1'],
  ['GET', '/api/staff/psirt/art14/1/export?stage=earlyWarning'],
  ['POST', '/api/staff/psirt/art14/1/submissions', { stage: 'earlyWarning', reference: 'X' }],
];

/**
 * Who may reach the PSIRT's data and a model's end of support: every route, not only the list
 * pages. Anonymous 401; a customer and a staff role without psirt:manage (firmware:publish for the
 * support end) 403; a PSIRT member's personal access token of any scope 403 (tokens never open
 * staff routes); the public key served for encrypting reports holds no secret key.
 */
describe.each(DRIVERS)('PSIRT access attacks on %s', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t?.close());

  it('refuses every PSIRT route to nobody, customers, lesser staff and tokens', async () => {
    const customer = (await signedInUser(t)).token;
    const staff = (await signedInUser(t, { roleCodes: ['staff'] })).token;
    const psirt = await signedInUser(t, { roleCodes: ['psirt'] });
    // A token of every scope the PSIRT member could give it.
    const token = await personalAccessToken(t, psirt.id);
    for (const [method, url, body] of PSIRT_ROUTES) {
      const anonymous = await t.app.inject({ method, url, payload: body });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      for (const caller of [customer, staff, token])
        expect((await callAs(t.app, caller, method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    // The PSIRT member's own session reaches them (the routes exist, the refusals are real).
    expect((await callAs(t.app, psirt.token, 'GET', '/api/staff/psirt/reports')).status).toBe(200);
    expect((await callAs(t.app, psirt.token, 'GET', '/api/staff/psirt/art14')).status).toBe(200);
  });

  it("refuses a model's end of support to whoever lacks firmware:publish, and to tokens", async () => {
    await createStaffRoleWithout(t.db, 'no-publish-atk', ['firmware:publish']);
    const lesser = (await signedInUser(t, { roleCodes: ['no-publish-atk'] })).token;
    const psirt = (await signedInUser(t, { roleCodes: ['psirt'] })).token;
    const publisher = await signedInUser(t, { roleCodes: ['staff'] });
    const token = await personalAccessToken(t, publisher.id);
    for (const caller of [lesser, psirt, token]) {
      expect((await callAs(t.app, caller, 'GET', '/api/staff/models/support')).status).toBe(403);
      expect(
        (
          await callAs(t.app, caller, 'PUT', '/api/staff/models/1/support-end', {
            securitySupportEnd: '2030-01',
          })
        ).status,
      ).toBe(403);
    }
  });

  it('serves the encryption key without any secret key material', async () => {
    const answer = await t.app.inject({ url: '/api/psirt/encryption-key' });
    expect(answer.statusCode).toBe(200);
    const key = answer.json<{ data: PsirtEncryptionKey }>().data;
    expect(key.armoredKey).toContain('BEGIN PGP PUBLIC KEY BLOCK');
    expect(key.armoredKey).not.toMatch(/PRIVATE KEY/);
  });
});
