import type { CveLookup, FleetPage, FleetServerDetail, StaffFleetOrg } from '@portal/contract';
import {
  complianceContextOf,
  OFFLINE_CONTEXT_PATH,
  type OfflineComplianceContext,
  serverCompliance,
} from '@portal/contract/compliance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisoryRoles, signedInWith } from '../../test/advisory-fixtures';
import { affectedRow, flawAdvisoryInput } from '../../test/advisory-input';
import { bindSerial, createServer, referenceModel } from '../../test/catalog-factories';
import { createRole, organisationId } from '../../test/factories';
import { callAs } from '../../test/requests';
import { signedInUser } from '../../test/signed-in-user';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

const CVE = 'CVE-2026-43201';
const ORGANISATION = 'Investigation Probe Fleet';

/**
 * Issue 43 §2 and §4 on the customer's side: a server whose installed firmware an advisory is still
 * investigating is `under_investigation` of its own in My servers (page, summary, filter, detail,
 * export, the staff's per-organisation counts, the CVE lookup), and `fwportal audit --repo`, from
 * the signed offline context, judges it and an unsupported server exactly as the portal does.
 */
describe.each(DRIVERS)('servers under investigation on %s', (driver) => {
  let t: TestApp;
  let owner: { id: number; token: string };
  let viewer: string;
  let investigated: string;
  let unsupported: string;
  let m72u: number;
  let m74u: number;
  let advisoryId: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { catalog: true });
    m72u = (await referenceModel(t.db, 'M7-2U')).id;
    m74u = (await referenceModel(t.db, 'M7-4U')).id;
    const m61u = (await referenceModel(t.db, 'M6-1U')).id;
    owner = await signedInUser(t, { roleCodes: ['customer'], organisation: ORGANISATION });
    investigated = (await createServer(t.db, { modelId: m72u, installed: { BMC: '1.0.0' } })).sn;
    // A build newer than anything released: `newer`, hence unsupported once its model's support ended.
    unsupported = (await createServer(t.db, { modelId: m74u, installed: { BMC: '99.0.0' } })).sn;
    await bindSerial(t.db, owner.id, investigated);
    await bindSerial(t.db, owner.id, unsupported);
    // Another company's server, of a model whose support ended too: nothing of it reaches the owner.
    const stranger = await signedInUser(t, { roleCodes: ['customer'], organisation: 'Other Probe Co' });
    await bindSerial(t.db, stranger.id, (await createServer(t.db, { modelId: m61u })).sn);

    const publisher = (await signedInWith(t, 'staff')).token;
    for (const [modelId, end] of [
      [m74u, '2020-01'],
      [m61u, '2021-06'],
    ] as const)
      expect(
        (
          await callAs(t.app, publisher, 'PUT', `/api/staff/models/${modelId}/support-end`, {
            securitySupportEnd: end,
          })
        ).status,
      ).toBe(200);

    const roles = await advisoryRoles(t, 'uinv');
    const writer = (await signedInWith(t, roles.writer)).token;
    const approver = (await signedInWith(t, roles.approver)).token;
    const created = await callAs<{ id: number; advisoryId: string }>(
      t.app,
      writer,
      'POST',
      '/api/staff/advisories',
      flawAdvisoryInput({
        title: ['调查中', 'Under investigation'],
        cve: CVE,
        affected: [affectedRow({ modelId: m72u, kind: 'BMC', status: 'under_investigation' })],
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    advisoryId = created.body.data.advisoryId;
    for (const [token, step] of [
      [writer, 'submit'],
      [approver, 'approve'],
    ] as const) {
      const answer = await callAs(
        t.app,
        token,
        'POST',
        `/api/staff/advisories/${created.body.data.id}/${step}`,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }

    await createRole(t.db, 'uinv-fleet-viewer', ['sysUser:page']);
    viewer = (await signedInUser(t, { roleCodes: ['uinv-fleet-viewer'] })).token;
  }, 240_000);
  afterAll(() => t?.close());

  const get = <T>(url: string, token = owner.token) => callAs<T>(t.app, token, 'GET', url);

  it('shows the server under investigation in the page, summary, filter, detail and export', async () => {
    const page = (await get<FleetPage>('/api/fleet/servers')).body.data;
    expect(Object.fromEntries(page.rows.map((row) => [row.sn, row.state]))).toEqual({
      [investigated]: 'under_investigation',
      [unsupported]: 'unsupported',
    });
    expect(page.summary).toMatchObject({ vulnerable: 0, under_investigation: 1, unsupported: 1 });
    const filtered = (await get<FleetPage>('/api/fleet/servers?state=under_investigation')).body.data;
    expect(filtered.rows.map((row) => row.sn)).toEqual([investigated]);

    const detail = (await get<FleetServerDetail>(`/api/fleet/servers/${investigated}`)).body.data;
    expect(detail.state).toBe('under_investigation');
    expect(detail.components.find((component) => component.component === 'BMC')).toMatchObject({
      state: 'under_investigation',
      advisories: [],
      investigating: [{ advisoryId, cves: [CVE] }],
    });

    const csv = await t.app.inject({
      url: '/api/fleet/export?format=csv&state=under_investigation',
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'en-US' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toMatch(/,investigating_advisories,investigating_cves$/);
    const bmc = lines.find((line) => line.startsWith(`${investigated},M7-2U,BMC,`));
    expect(bmc).toContain(',under_investigation,Under investigation,');
    expect(bmc).toMatch(new RegExp(`,${advisoryId},${CVE}$`));
    expect(lines.some((line) => line.startsWith(`${unsupported},`))).toBe(false);
  }, 120_000);

  it("counts it in the staff's list of organisations and names its status in the CVE lookup", async () => {
    const orgs = (await get<StaffFleetOrg[]>('/api/staff/fleet/orgs', viewer)).body.data;
    const org = await organisationId(t.db, ORGANISATION);
    expect(orgs.find((row) => row.id === org)).toMatchObject({
      servers: 2,
      vulnerable: 0,
      under_investigation: 1,
      outdated: 0,
    });
    const lookup = (await get<CveLookup>(`/api/advisories/cve/${CVE}`)).body.data;
    expect(lookup.servers.map(({ sn, status }) => ({ sn, status }))).toEqual([
      { sn: investigated, status: 'under_investigation' },
    ]);
  }, 120_000);

  it('gives offline, from the signed context, the states the portal gives (unsupported included)', async () => {
    const answer = await get<unknown>(OFFLINE_CONTEXT_PATH);
    expect(answer.status).toBe(200);
    const offline = answer.body as unknown as OfflineComplianceContext;
    // The owner's models' support ends only, and each advisory row's VEX status.
    expect(offline.supportEnds).toEqual({ [String(m74u)]: '2020-01' });
    expect(offline.advisories.find((advisory) => advisory.advisoryId === advisoryId)?.affected).toEqual([
      expect.objectContaining({ modelId: m72u, kind: 'BMC', status: 'under_investigation' }),
    ]);
    const rules = complianceContextOf(offline, 'en-US', new Date());
    for (const server of offline.servers) {
      const online = (await get<FleetServerDetail>(`/api/fleet/servers/${server.sn}`)).body.data;
      const judged = serverCompliance(server, [], rules);
      expect(judged.state, server.sn).toBe(online.state);
      expect(judged.counts, server.sn).toEqual(online.counts);
      expect(
        judged.components.map(({ component, state, investigating }) => [component, state, investigating]),
        server.sn,
      ).toEqual(
        online.components.map(({ component, state, investigating }) => [component, state, investigating]),
      );
    }
    expect(
      Object.fromEntries(
        offline.servers.map((server) => [server.sn, serverCompliance(server, [], rules).state]),
      ),
    ).toEqual({
      [investigated]: 'under_investigation',
      [unsupported]: 'unsupported',
    });
  }, 120_000);
});
