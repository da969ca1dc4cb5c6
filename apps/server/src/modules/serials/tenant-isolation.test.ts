import { ErrorCode, type PcieLookupResult, type UserAdminRow, type Verification } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { DEMO_COMPANY } from '../../db/seed/seed-data';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

/**
 * Attacks of a customer of another company: typing the victim's company name, binding the
 * victim's SNs, looking the victim's SNs up. Ownership comes only from what staff assigned.
 */
describe.each(DRIVERS)('tenant isolation on %s', (driver) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(driver, { catalog: true });
  });
  afterEach(() => t.close());

  const DEMO_SN = 'M7S2U24000101'; // shipped to the demo company, covered by its entitlement
  const restrictedCodes = async (token: string) => {
    const list = await withToken<{ rows: { itemCode: string }[] }>(t.app, token, {
      url: '/api/catalog/versions?pageSize=100&kind=BMC',
    });
    return list.body.data.rows.map((row) => row.itemCode).filter((code) => code === 'm7-bmc-early-access');
  };

  async function attacker() {
    const user = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Fabrikam Bank' });
    const token = await tokenFor(t.app, user.account, user.password);
    // The attack: claim the victim's company in account settings.
    const edited = await withToken(t.app, token, {
      method: 'POST',
      url: '/api/sysUser/updateInfo',
      payload: { nickName: 'Mallory', name: '', company: DEMO_COMPANY, industry: 'finance', locale: 'en-US' },
    });
    expect(edited.status).toBe(200);
    return { user, token };
  }

  it('a company edit grants nothing: no restricted firmware, entitlement, nodes or maintenance of that company', async () => {
    const demo = await tokenFor(t.app, 'demo', 'Demo#Pass1');
    expect(await restrictedCodes(demo)).not.toEqual([]); // the victim sees its early-access BMC

    const { token } = await attacker();
    expect(await restrictedCodes(token)).toEqual([]);
    const entitlements = await withToken<unknown[]>(t.app, token, { url: '/api/activation/entitlements' });
    expect(entitlements.body.data).toEqual([]);
    const refusals = {
      remaining: ErrorCode.REMAINING_QUERY_FAILED,
      maintenance: ErrorCode.MAINTENANCE_QUERY_FAILED,
    };
    for (const [path, code] of Object.entries(refusals)) {
      const answer = await withToken(t.app, token, {
        url: `/api/activation/${path}?product=ims-platform&sn=${DEMO_SN}&locale=en-US`,
      });
      expect(answer.body.code, path).toBe(code);
      expect(answer.body.data).toBeNull();
    }
  });

  it("binding another organisation's SN stays pending, shows nothing of the server and unlocks nothing", async () => {
    const { token } = await attacker();
    const bound = await withToken<Verification>(t.app, token, {
      method: 'POST',
      url: '/api/auth/bindSn',
      payload: { sn: DEMO_SN },
    });
    expect(bound.body.data).toMatchObject({ verified: 0, pending: 1 });
    expect(bound.body.data.serials[0]).toMatchObject({
      sn: DEMO_SN,
      model: null,
      modelName: null,
      maintenanceEnd: null,
    });
    expect(await restrictedCodes(token)).toEqual([]);
    const remaining = await withToken(t.app, token, {
      url: `/api/activation/remaining?product=ims-platform&sn=${DEMO_SN}`,
    });
    expect(remaining.status).toBe(404);

    // Its own organisation's SN verifies at once.
    const own = await withToken<Verification>(t.app, token, {
      method: 'POST',
      url: '/api/auth/bindSn',
      payload: { sn: 'M6S2U21001290' },
    });
    expect(own.body.data.serials.find((s) => s.sn === 'M6S2U21001290')).toMatchObject({ state: 'verified' });
  });

  it("looking up another customer's SN answers exactly as for an unknown SN; staff who publish see it", async () => {
    const { token } = await attacker();
    const lookup = async (as: string, sn: string) =>
      (
        await withToken<PcieLookupResult>(t.app, as, {
          method: 'POST',
          url: '/api/catalog/pcie/lookup',
          payload: { by: 'sn', values: sn },
        })
      ).body.data;
    const foreign = await lookup(token, DEMO_SN);
    const unknown = await lookup(token, 'M7S2U99999999');
    expect(JSON.stringify(foreign).replaceAll(DEMO_SN, 'SN')).toBe(
      JSON.stringify(unknown).replaceAll('M7S2U99999999', 'SN'),
    );
    expect(foreign.serials[0]).toEqual({
      sn: DEMO_SN,
      found: false,
      model: null,
      modelName: null,
      parts: [],
    });

    const owner = await lookup(await tokenFor(t.app, 'demo', 'Demo#Pass1'), DEMO_SN);
    expect(owner.serials[0]).toMatchObject({ found: true, model: 'M7-2U' });
    const publisher = await createUser(t.db, { roleCodes: ['staff'] });
    const staffView = await lookup(await tokenFor(t.app, publisher.account, publisher.password), DEMO_SN);
    expect(staffView.serials[0]).toMatchObject({ found: true, model: 'M7-2U' });
  });

  it('the anonymous registration check tells only whether an SN can be registered, and is rate-limited', async () => {
    const check = (sn: string) => t.app.inject({ url: `/api/v1/auth/register/sn?sn=${sn}&locale=en-US` });
    const known = await check(DEMO_SN);
    expect(known.json().data).toEqual({ sn: DEMO_SN, exists: true });
    expect(known.body).not.toMatch(/M7-2U|rack|Demo Cloud/);
    let last = known;
    for (let i = 0; i < 40 && last.statusCode !== 429; i += 1) last = await check('M7S2U99999999');
    expect(last.statusCode).toBe(429);
    expect(last.json().code).toBe(ErrorCode.TOO_MANY_REQUESTS);
  });

  it('only staff with sysUser:edit assign organisations; the assignment is audited and is what grants', async () => {
    const { user, token } = await attacker();
    const assign = (as: string, body: object) =>
      withToken<UserAdminRow>(t.app, as, {
        method: 'PUT',
        url: `/api/sysUser/${user.id}/organisation`,
        payload: body,
      });
    // The customer cannot assign itself.
    const self = await assign(token, { name: DEMO_COMPANY });
    expect(self.status).toBe(403);
    expect(await restrictedCodes(token)).toEqual([]);

    const staffUser = await createUser(t.db, { roleCodes: ['staff'] });
    const staff = await tokenFor(t.app, staffUser.account, staffUser.password);
    const organisations = await withToken<{ id: number; name: string }[]>(t.app, staff, {
      url: '/api/sysUser/organisations',
    });
    const demoOrganisation = organisations.body.data.find((o) => o.name === DEMO_COMPANY);
    expect(demoOrganisation).toBeDefined();
    const assigned = await assign(staff, { organisationId: demoOrganisation?.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.organisation).toEqual({ id: demoOrganisation?.id, name: DEMO_COMPANY });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.assignOrganisation'), eq(auditLog.targetId, String(user.id))));
    expect(entry).toMatchObject({ actorId: staffUser.id });
    expect(entry?.detail).toMatchObject({ to: demoOrganisation?.id });
    // Now (and only now) the demo company's restricted firmware is theirs.
    expect(await restrictedCodes(token)).not.toEqual([]);
    expect((await assign(staff, { organisationId: 2_000_000_000 })).body.code).toBe(
      ErrorCode.ORGANISATION_UNKNOWN,
    );
  });
});
