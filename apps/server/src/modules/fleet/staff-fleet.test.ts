import type { AdvisoryInput, FleetPage, FleetServerDetail, StaffFleetOrg } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/raw-rows';
import { serialNumbers } from '../../db/schema';
import { approvedAdvisory, signedInWith } from '../../test/advisory-fixtures';
import { bmcBefore, flawAdvisoryInput } from '../../test/advisory-input';
import {
  bindSerial,
  createItem,
  createServer,
  createVersion,
  referenceModel,
} from '../../test/catalog-factories';
import { createRole, organisationId } from '../../test/factories';
import { callAs } from '../../test/requests';
import { signedInUser } from '../../test/signed-in-user';
import { adminToken, createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

const HOUR = 3_600_000;

/**
 * Staff see "My servers" for a customer organisation (sysUser:page), exactly as its customers do,
 * and nobody else does; and the page's fast path (states only) is fresh right after a report, a
 * publish, a recall, a baseline change and an advisory's embargo ending.
 */
describe.each(DRIVERS)('staff fleet view and compliance freshness on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  let rival: string;
  let viewer: string;
  let lesser: string;
  let org: number;
  let memberId: number;
  let shipped: string;
  let bound: string;
  let foreign: string;
  let draftId: number;
  let oldestId = 0;
  let modelId: number;
  let writer: string;
  let advisoryInput: AdvisoryInput;
  let advisoryPk: number;

  const page = (token: string, url: string) => callAs<FleetPage>(t.app, token, 'GET', url);
  /** The state of the shipped server as the customer's page and the staff's page show it. */
  const states = async () => {
    const [mine, staff] = await Promise.all([
      page(customer, `/api/fleet/servers?sn=${shipped}`),
      page(viewer, `/api/staff/fleet/orgs/${org}/servers?sn=${shipped}`),
    ]);
    return [mine.body.data.rows[0]?.state, staff.body.data.rows[0]?.state];
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminToken(t.app);
    modelId = (await referenceModel(t.db, 'M7-2U')).id;
    const bmc = await createItem(t.db, { kind: 'BMC', visibility: 'signed_in' });
    for (const version of ['1.0.0', '1.1.0']) {
      const created = await createVersion(t.db, t.app.services.store, {
        itemId: bmc.id,
        version,
        modelIds: [modelId],
      });
      oldestId ||= created.id;
    }
    draftId = (
      await createVersion(t.db, t.app.services.store, {
        itemId: bmc.id,
        version: '1.2.0',
        modelIds: [modelId],
        status: 'draft',
      })
    ).id;

    const member = await signedInUser(t, { roleCodes: ['customer'], organisation: 'Staff View Fleet' });
    customer = member.token;
    memberId = member.id;
    rival = (await signedInUser(t, { roleCodes: ['customer'], organisation: 'Staff View Rival' })).token;
    await createRole(t.db, 'fleet-viewer', ['sysUser:page']);
    viewer = (await signedInUser(t, { roleCodes: ['fleet-viewer'] })).token;
    await createRole(t.db, 'dashboard-only', ['sysDashboard:page']);
    lesser = (await signedInUser(t, { roleCodes: ['dashboard-only'] })).token;
    org = await organisationId(t.db, 'Staff View Fleet');

    shipped = (
      await createServer(t.db, { modelId, customer: 'Staff View Fleet', installed: { BMC: '1.0.0' } })
    ).sn;
    // Verified by a member: the organisation's too.
    bound = (await createServer(t.db, { modelId, installed: { BMC: '1.1.0' } })).sn;
    await bindSerial(t.db, member.id, bound);
    foreign = (
      await createServer(t.db, { modelId, customer: 'Staff View Rival', installed: { BMC: '1.0.0' } })
    ).sn;

    // An advisory (BMC before 1.2.0) under embargo for an hour from now.
    await createRole(t.db, 'fleet-psirt', ['advisory:write']);
    writer = (await signedInWith(t, 'fleet-psirt')).token;
    advisoryInput = flawAdvisoryInput(
      { title: ['BMC 漏洞', 'BMC flaw'], cve: 'CVE-2026-40077', affected: bmcBefore(modelId, '1.2.0') },
      { publishAt: new Date(t.clock.now().getTime() + HOUR).toISOString() },
    );
    advisoryPk = (await approvedAdvisory(t, writer, admin, advisoryInput)).id;
  }, 60_000);
  afterAll(() => t?.close());

  it('refuses anonymous callers, customers and staff without the permission; unknown organisations are 404', async () => {
    const urls = [
      '/api/staff/fleet/orgs',
      `/api/staff/fleet/orgs/${org}/servers`,
      `/api/staff/fleet/orgs/${org}/servers/${shipped}`,
      `/api/staff/fleet/orgs/${org}/export?format=json`,
    ];
    for (const url of urls) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      // A customer of this very organisation, of another one, and staff with another permission.
      for (const token of [customer, rival, lesser])
        expect((await callAs(t.app, token, 'GET', url)).status, url).toBe(403);
    }
    expect((await page(viewer, '/api/staff/fleet/orgs/2147483000/servers')).status).toBe(404);
    expect((await page(viewer, '/api/staff/fleet/orgs/abc/servers')).status).toBe(400);
    // Another organisation's server answers like one never shipped.
    const other = await callAs(t.app, viewer, 'GET', `/api/staff/fleet/orgs/${org}/servers/${foreign}`);
    expect([other.status, other.body.code]).toEqual([404, 1012010]);
  });

  it("shows staff the organisation's fleet exactly as its customer sees it", async () => {
    const orgs = (await callAs<StaffFleetOrg[]>(t.app, viewer, 'GET', '/api/staff/fleet/orgs')).body.data;
    expect(orgs.find((row) => row.id === org)).toEqual({
      id: org,
      name: 'Staff View Fleet',
      members: 1,
      servers: 2,
      vulnerable: expect.any(Number),
      under_investigation: expect.any(Number),
      outdated: expect.any(Number),
    });
    const [mine, staff] = await Promise.all([
      page(customer, '/api/fleet/servers?sortField=sn'),
      page(viewer, `/api/staff/fleet/orgs/${org}/servers?sortField=sn`),
    ]);
    expect(staff.body.data).toEqual(mine.body.data);
    // The list's counts are the organisation's own summary.
    expect(orgs.find((row) => row.id === org)).toMatchObject({
      vulnerable: staff.body.data.summary.vulnerable ?? 0,
      outdated: staff.body.data.summary.outdated ?? 0,
    });
    expect(staff.body.data.rows.map((row) => row.sn).sort()).toEqual([shipped, bound].sort());
    const detail = await callAs<FleetServerDetail>(
      t.app,
      viewer,
      'GET',
      `/api/staff/fleet/orgs/${org}/servers/${bound}`,
    );
    expect(detail.body.data.components.map((row) => [row.component, row.state])).toEqual([
      ['BMC', 'current'],
    ]);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/staff/fleet/orgs/${org}/export?format=csv`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(shipped);
    expect(csv.body).not.toContain(foreign);
  });

  it('is fresh at once after a report, a publish, a recall, a baseline, an embargo ending and an advisory change', async () => {
    expect(await states()).toEqual(['outdated', 'outdated']);
    await callAs(t.app, customer, 'POST', '/api/fleet/inventory', {
      servers: [{ sn: shipped, components: [{ kind: 'BMC', version: '1.1.0' }] }],
    });
    expect(await states()).toEqual(['current', 'current']);

    expect((await callAs(t.app, admin, 'POST', `/api/publishing/versions/${draftId}/publish`)).status).toBe(
      200,
    );
    expect(await states()).toEqual(['outdated', 'outdated']);
    const recalled = await callAs(t.app, admin, 'POST', `/api/publishing/versions/${draftId}/recall`, {
      reason: 'Broken image',
      notifyDownloaders: false,
    });
    expect(recalled.status).toBe(200);
    expect(await states()).toEqual(['current', 'current']);

    // The customer's own baseline pins 1.0.0: 1.1.0 is ahead of it (staff compare with the newest).
    expect(
      (
        await callAs(t.app, customer, 'PUT', '/api/fleet/baselines/M7-2U', {
          name: 'Golden',
          versions: { BMC: oldestId },
        })
      ).status,
    ).toBe(200);
    expect(await states()).toEqual(['newer', 'current']);
    await callAs(t.app, customer, 'DELETE', '/api/fleet/baselines/M7-2U');
    expect(await states()).toEqual(['current', 'current']);

    // The advisory under embargo for an hour: nothing yet; vulnerable the moment the embargo ends.
    expect(await states()).toEqual(['current', 'current']);
    t.clock.advance(HOUR + 1000);
    expect(await states()).toEqual(['vulnerable', 'vulnerable']);
    const summary = (await page(viewer, `/api/staff/fleet/orgs/${org}/servers`)).body.data.summary;
    expect(summary.vulnerable).toBe(2);

    // The advisory revised (fixed in 1.1.0 after all): 1.1.0 is no longer affected at once.
    const approve = async (id: number) => {
      expect((await callAs(t.app, writer, 'POST', `/api/staff/advisories/${id}/submit`)).status).toBe(200);
      expect((await callAs(t.app, admin, 'POST', `/api/staff/advisories/${id}/approve`)).status).toBe(200);
    };
    const revised = await callAs(t.app, writer, 'PUT', `/api/staff/advisories/${advisoryPk}`, {
      ...advisoryInput,
      affected: bmcBefore(modelId, '1.1.0'),
      publishAt: null,
      revisionSummary: 'Fixed in 1.1.0 already.',
    });
    expect(revised.status).toBe(200);
    await approve(advisoryPk);
    expect(await states()).toEqual(['current', 'current']);
    // Another advisory published (no embargo): BMC before 1.2.0 again.
    await approvedAdvisory(t, writer, admin, {
      ...advisoryInput,
      vulnerabilities: [{ ...advisoryInput.vulnerabilities[0]!, cve: 'CVE-2026-40078' }],
      publishAt: null,
    });
    expect(await states()).toEqual(['vulnerable', 'vulnerable']);

    // Written by another portal process (straight into the database, not through this one's
    // services): a report, then the server's shipped versions edited; each seen at the next page.
    await t.db.execute(sql`
      insert into installed_components (sn, component, kind, version, source, seen_at)
      values (${shipped}, 'BIOS', 'BIOS', '9.9.9', 'api', ${new Date(t.clock.now().getTime() + 60_000).toISOString()}::timestamptz)`);
    const row = (await page(customer, `/api/fleet/servers?sn=${shipped}`)).body.data.rows[0];
    expect(row?.lastReport).toBe(new Date(t.clock.now().getTime() + 60_000).toISOString());
    expect(row?.counts).toMatchObject({ vulnerable: 1, unknown: 1 });
    const boundState = async () =>
      (await page(customer, `/api/fleet/servers?sn=${bound}`)).body.data.rows[0]?.state;
    expect(await boundState()).toBe('vulnerable');
    await t.db
      .update(serialNumbers)
      .set({ installedFirmware: { BMC: '1.2.0' } })
      .where(eq(serialNumbers.sn, bound));
    expect(await boundState()).toBe('newer');
  });

  it("refreshes the reporter's stored states right after a report; a failure there leaves the report standing", async () => {
    /** The shipped server's stored states (the customer's scope, the organisation's) and whether they are fresh. */
    const stored = () =>
      rowsOf<{ scope: string; rank: number; fresh: boolean }>(
        t.db,
        sql`select f.scope, f.state_rank as rank, f.change = coalesce(c.change, 0) as fresh
            from fleet_states f left join fleet_server_changes c on c.sn = f.sn
            where f.sn = ${shipped} order by f.scope`,
      );
    expect(await states()).toEqual(['vulnerable', 'vulnerable']);
    const report = (version: string) =>
      callAs(t.app, customer, 'POST', '/api/fleet/inventory', {
        servers: [{ sn: shipped, components: [{ kind: 'BMC', version }] }],
      });
    expect((await report('1.3.0')).status).toBe(200);
    // Before any page: both scopes' rows already judge the reported version.
    expect(await stored()).toEqual([
      { scope: `o:${org}`, rank: expect.anything(), fresh: true },
      { scope: `u:${memberId}`, rank: expect.anything(), fresh: true },
    ]);
    // Ahead of every release, but the BIOS reported above is unknown to the catalogue.
    expect(await states()).toEqual(['unknown', 'unknown']);

    const refresh = vi
      .spyOn(t.app.services.compliance, 'refreshReported')
      .mockRejectedValueOnce(new Error('database gone'));
    expect((await report('1.0.0')).status).toBe(200);
    expect(refresh).toHaveBeenCalledOnce();
    refresh.mockRestore();
    expect((await stored()).map((row) => row.fresh)).toEqual([false, false]);
    expect(await states()).toEqual(['vulnerable', 'vulnerable']);
  });
});
