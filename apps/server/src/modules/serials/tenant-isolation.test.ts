import { ErrorCode, type PcieLookupResult, type UserAdminRow, type Verification } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createModel, createServer } from '../../test/catalog-factories';
import { publishedItem, signedInUser } from '../../test/download-fixtures';
import { createEntitlement } from '../../test/entitlement-factories';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

const VICTIM_COMPANY = 'Contoso Cloud Co., Ltd.';
const ATTACKER_COMPANY = 'Fabrikam Bank';
const VICTIM_PARTS = ['PN-NIC-25G-2P', 'PN-RAID-9560-8I'];

/**
 * Attacks of a customer of another company: typing the victim's company name, binding the
 * victim's SNs, looking the victim's SNs up. Ownership comes only from what staff assigned.
 */
describe.each(DRIVERS)('tenant isolation on %s', (driver) => {
  let t: TestApp;
  /** The victim: a customer whose organisation owns a shipped server, a contract and restricted firmware. */
  let victim: { token: string; sn: string; model: string; earlyAccess: string };
  /** A server shipped to the attacker's own organisation. */
  let attackerSn: string;
  beforeEach(async () => {
    t = await createTestApp(driver);
    const model = await createModel(t.db);
    // Maintenance and PCIe cards on record: what a stranger's lookup or binding must not reveal.
    const server = await createServer(t.db, {
      modelId: model.id,
      customer: VICTIM_COMPANY,
      maintenanceEnd: '2030-06-30',
      pcieParts: VICTIM_PARTS,
    });
    await createEntitlement(t.db, { customer: VICTIM_COMPANY, sns: [server.sn], product: 'ims-platform' });
    const { item } = await publishedItem(t, {
      kind: 'BMC',
      visibility: 'restricted',
      grants: [['customer', VICTIM_COMPANY]],
    });
    const user = await signedInUser(t, { roleCodes: ['customer'], organisation: VICTIM_COMPANY });
    victim = { token: user.token, sn: server.sn, model: model.code, earlyAccess: item.code };
    attackerSn = (await createServer(t.db, { modelId: model.id, customer: ATTACKER_COMPANY })).sn;
  });
  afterEach(() => t.close());

  const restrictedCodes = async (token: string) => {
    const list = await withToken<{ rows: { itemCode: string }[] }>(t.app, token, {
      url: '/api/catalog/versions?pageSize=100&kind=BMC',
    });
    return list.body.data.rows.map((row) => row.itemCode).filter((code) => code === victim.earlyAccess);
  };

  async function attacker() {
    const user = await createUser(t.db, { roleCodes: ['customer'], organisation: ATTACKER_COMPANY });
    const token = await tokenFor(t.app, user.account, user.password);
    // The attack: claim the victim's company in account settings.
    const edited = await withToken(t.app, token, {
      method: 'POST',
      url: '/api/sysUser/updateInfo',
      payload: {
        nickName: 'Mallory',
        name: '',
        company: VICTIM_COMPANY,
        industry: 'finance',
        locale: 'en-US',
      },
    });
    expect(edited.status).toBe(200);
    return { user, token };
  }

  it('a company edit grants nothing: no restricted firmware, entitlement, nodes or maintenance of that company', async () => {
    expect(await restrictedCodes(victim.token)).not.toEqual([]); // the victim sees its early-access BMC

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
        url: `/api/activation/${path}?product=ims-platform&sn=${victim.sn}&locale=en-US`,
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
      payload: { sn: victim.sn },
    });
    expect(bound.body.data).toMatchObject({ verified: 0, pending: 1 });
    expect(bound.body.data.serials[0]).toMatchObject({
      sn: victim.sn,
      model: null,
      modelName: null,
      maintenanceEnd: null,
    });
    expect(await restrictedCodes(token)).toEqual([]);
    const remaining = await withToken(t.app, token, {
      url: `/api/activation/remaining?product=ims-platform&sn=${victim.sn}`,
    });
    expect(remaining.status).toBe(404);

    // Its own organisation's SN verifies at once.
    const own = await withToken<Verification>(t.app, token, {
      method: 'POST',
      url: '/api/auth/bindSn',
      payload: { sn: attackerSn },
    });
    expect(own.body.data.serials.find((s) => s.sn === attackerSn)).toMatchObject({ state: 'verified' });
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
    const foreign = await lookup(token, victim.sn);
    const unknown = await lookup(token, 'M7S2U99999999');
    expect(JSON.stringify(foreign).replaceAll(victim.sn, 'SN')).toBe(
      JSON.stringify(unknown).replaceAll('M7S2U99999999', 'SN'),
    );
    expect(foreign.serials[0]).toEqual({
      sn: victim.sn,
      found: false,
      model: null,
      modelName: null,
      parts: [],
    });

    const owner = await lookup(victim.token, victim.sn);
    expect(owner.serials[0]).toMatchObject({ found: true, model: victim.model });
    // The parts the stranger did not get are there for the owner.
    for (const part of VICTIM_PARTS) expect(JSON.stringify(owner.serials[0])).toContain(part);
    const publisher = await createUser(t.db, { roleCodes: ['staff'] });
    const staffView = await lookup(await tokenFor(t.app, publisher.account, publisher.password), victim.sn);
    expect(staffView.serials[0]).toMatchObject({ found: true, model: victim.model });
  });

  it('the anonymous registration check tells only whether an SN can be registered, and is rate-limited', async () => {
    const check = (sn: string) => t.app.inject({ url: `/api/v1/auth/register/sn?sn=${sn}&locale=en-US` });
    const known = await check(victim.sn);
    expect(known.json().data).toEqual({ sn: victim.sn, exists: true });
    for (const secret of [victim.model, 'rack', 'Contoso Cloud']) expect(known.body).not.toContain(secret);
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
    const self = await assign(token, { name: VICTIM_COMPANY });
    expect(self.status).toBe(403);
    expect(await restrictedCodes(token)).toEqual([]);

    const staffUser = await createUser(t.db, { roleCodes: ['staff'] });
    const staff = await tokenFor(t.app, staffUser.account, staffUser.password);
    const organisations = await withToken<{ id: number; name: string }[]>(t.app, staff, {
      url: '/api/sysUser/organisations',
    });
    const victimOrganisation = organisations.body.data.find((o) => o.name === VICTIM_COMPANY);
    expect(victimOrganisation).toBeDefined();
    const assigned = await assign(staff, { organisationId: victimOrganisation?.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.organisation).toEqual({ id: victimOrganisation?.id, name: VICTIM_COMPANY });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.assignOrganisation'), eq(auditLog.targetId, String(user.id))));
    expect(entry).toMatchObject({ actorId: staffUser.id });
    expect(entry?.detail).toMatchObject({ to: victimOrganisation?.id });
    // Now (and only now) the victim company's restricted firmware is theirs.
    expect(await restrictedCodes(token)).not.toEqual([]);
    expect((await assign(staff, { organisationId: 2_000_000_000 })).body.code).toBe(
      ErrorCode.ORGANISATION_UNKNOWN,
    );
  });
});
