import {
  BUNDLE_MANIFEST_JSON,
  type FleetBaseline,
  type InstalledBase,
  type FleetPage,
  type FleetServerDetail,
  type InventoryReportResult,
} from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersions, installedComponentReports, installedComponents } from '../../db/schema';
import { downloadResult, readTar } from '../tasks/tasks-test-kit';
import { approvedAdvisory, signedInWith } from '../../test/advisory-fixtures';
import { affectedRow, flawAdvisoryInput } from '../../test/advisory-input';
import {
  bindSerial,
  createItem,
  createServer,
  createVersion,
  newItemVersion,
  referenceModel,
} from '../../test/catalog-factories';
import { createRole } from '../../test/factories';
import { uploadInventory } from '../../test/inventory-upload';
import { callAs } from '../../test/requests';
import { signedInUser } from '../../test/signed-in-user';
import { adminToken, createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { DAY_MS } from '../../lib/clock';
import { readInventoryFile } from './inventory-xlsx';

/**
 * Issue 34 on both drivers: reports only for one's own servers (a foreign SN changes nothing and
 * answers like an unknown one), every compliance state, history and contradictions, the CSV
 * upload's per-line errors with nothing half-applied, export, and compliance fresh after a report.
 */
describe.each(DRIVERS)('fleet inventory and compliance on %s', (driver) => {
  let t: TestApp;
  let customer: { id: number; token: string };
  let rival: { id: number; token: string };
  let mine: string;
  let foreign: string;
  let modelId: number;

  const fleet = (token: string, query = '') =>
    callAs<FleetPage>(t.app, token, 'GET', `/api/fleet/servers${query}`).then((answer) => answer.body);
  const detail = (token: string, sn: string) =>
    callAs<FleetServerDetail>(t.app, token, 'GET', `/api/fleet/servers/${sn}`).then((answer) => answer.body);
  const report = (token: string, body: object) =>
    callAs<InventoryReportResult>(t.app, token, 'POST', '/api/fleet/inventory', body);
  /** My server reports, through the API, that it runs these components now. */
  const reportMine = (components: object[]) =>
    report(customer.token, { servers: [{ sn: mine, components }] });
  /** The test NIC in slot 3, at `version`. */
  const nicInSlot3 = (version: string) => ({ kind: 'PCIE', pn: 'PN-TEST-NIC', slot: '3', version });
  const upload = (token: string, csv: string, dryRun: '0' | '1', locale = 'en-US') =>
    uploadInventory(t.app, token, csv, { dryRun, locale });
  const component = (server: FleetServerDetail, key: string) =>
    server.components.find((row) => row.component === key);

  beforeAll(async () => {
    // Uploads are read in-thread, as the upload worker reads them: a worker per upload (~0.5 s of
    // CPU each in the tests) is what inventory-upload-limits.test.ts and
    // inventory-upload-apply.test.ts test.
    t = await createTestApp(driver, { fileChecks: { inventory: readInventoryFile } });
    const admin = await adminToken(t.app);
    modelId = (await referenceModel(t.db, 'M7-2U')).id;
    const bmc = await createItem(t.db, { kind: 'BMC', visibility: 'signed_in' });
    for (const version of ['1.0.0', '1.1.0', '1.2.0', '2.0.0-rc1'])
      await createVersion(t.db, t.app.services.store, {
        itemId: bmc.id,
        version,
        modelIds: [modelId],
        preRelease: version.includes('-'),
      });
    const bios = await createItem(t.db, { kind: 'BIOS', visibility: 'signed_in' });
    const biosFix = await createVersion(t.db, t.app.services.store, {
      itemId: bios.id,
      version: '5.0.0',
      modelIds: [modelId],
    });
    await newItemVersion(t.db, t.app.services.store, 'PCIE', { version: '22.1', parts: ['PN-TEST-NIC'] });

    const makeCustomer = (organisation: string) => signedInUser(t, { roleCodes: ['customer'], organisation });
    customer = await makeCustomer('Acme Fleet');
    rival = await makeCustomer('Rival Fleet');
    mine = (
      await createServer(t.db, {
        modelId,
        customer: 'Acme Fleet',
        pcieParts: ['PN-TEST-NIC'],
        installed: { BMC: '1.0.0' },
      })
    ).sn;
    foreign = (await createServer(t.db, { modelId, customer: 'Rival Fleet', installed: { BMC: '1.0.0' } }))
      .sn;
    // A verified binding owns too.
    const bound = await createServer(t.db, { modelId });
    await bindSerial(t.db, customer.id, bound.sn);

    // A published advisory: BIOS before 5.0.0 is vulnerable.
    await createRole(t.db, 'inv-writer', ['advisory:write']);
    const writer = (await signedInWith(t, 'inv-writer')).token;
    const biosFlaw = flawAdvisoryInput(
      {
        title: ['BIOS 漏洞', 'BIOS flaw'],
        cve: 'CVE-2026-40001',
        affected: [
          affectedRow({ modelId, kind: 'BIOS', fixedIn: '5.0.0' }),
          // A card's row is filed under the kind of firmware it is (NIC), and names the card by its PN.
          affectedRow({ pn: 'PN-TEST-NIC', kind: 'NIC', fixedIn: '22.1' }),
        ],
        vulnerability: { cvss31Vector: 'CVSS:3.1/AV:L/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H' },
      },
      { fixedVersionIds: [biosFix.id] },
    );
    await approvedAdvisory(t, writer, admin, biosFlaw);
    // A PGlite app on a loaded machine may take over a minute to set up (the first approval loads
    // the CSAF validator).
  }, 180_000);
  afterAll(() => t?.close());

  it('takes reports only for my servers: a foreign SN changes nothing and answers like one never shipped', async () => {
    const answer = await report(customer.token, {
      servers: [
        {
          sn: mine,
          components: [
            { kind: 'BMC', version: '1.1.0' },
            { kind: 'BIOS', version: '4.2.0' },
          ],
        },
        { sn: foreign, components: [{ kind: 'BMC', version: '9.9.9' }] },
        { sn: 'NEVER-SHIPPED-1', components: [{ kind: 'BMC', version: '1.0.0' }] },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ accepted: 1, changed: 2, unknown: [foreign, 'NEVER-SHIPPED-1'] });
    expect(await t.db.select().from(installedComponents).where(eq(installedComponents.sn, foreign))).toEqual(
      [],
    );
    expect((await detail(customer.token, foreign)).code).toBe(1012010);
    expect((await detail(rival.token, mine)).code).toBe(1012010);
    expect((await fleet(rival.token)).data.rows.map((row) => row.sn)).toEqual([foreign]);
  });

  it('tells each state: vulnerable, outdated (how far behind), newer, current, unknown', async () => {
    const server = (await detail(customer.token, mine)).data;
    // BMC 1.1.0: 1.2.0 is released (the 2.0.0 release candidate does not count).
    expect(component(server, 'BMC')).toMatchObject({
      state: 'outdated',
      behind: 1,
      installed: '1.1.0',
      source: 'api',
    });
    expect(component(server, 'BMC')?.target?.version).toBe('1.2.0');
    expect(component(server, 'BIOS')).toMatchObject({ state: 'vulnerable', installed: '4.2.0' });
    expect(component(server, 'BIOS')?.advisories.map((row) => row.cves)).toEqual([['CVE-2026-40001']]);
    // The card was never reported: nothing is guessed (its advisory needs a version to apply).
    expect(component(server, 'PCIE:PN-TEST-NIC')).toMatchObject({ state: 'unknown', installed: null });
    expect(server.state).toBe('vulnerable');

    await reportMine([
      { kind: 'BMC', version: '2.0.0-rc1' },
      { kind: 'BIOS', version: '5.0.0' },
      nicInSlot3('U32 v2.7'),
    ]);
    // Fresh at once: no stale "vulnerable" after the update is reported.
    const after = (await detail(customer.token, mine)).data;
    expect(component(after, 'BMC')?.state).toBe('newer');
    expect(component(after, 'BIOS')?.state).toBe('current');
    expect(component(after, 'PCIE:PN-TEST-NIC:3')).toMatchObject({ state: 'unknown', installed: 'U32 v2.7' });
    await reportMine([nicInSlot3('21.9')]);
    expect(component((await detail(customer.token, mine)).data, 'PCIE:PN-TEST-NIC:3')).toMatchObject({
      state: 'vulnerable',
      advisories: [{ fixedIn: '22.1' }],
    });
    expect(after.components.some((row) => row.component === 'PCIE:PN-TEST-NIC')).toBe(false);
  });

  it('keeps history, and shows a contradicting report beside the kept one', async () => {
    const now = t.clock.now().getTime();
    // An older report from an upload says otherwise: kept beside, not over, the newer one.
    await report(customer.token, {
      source: 'audit',
      servers: [
        {
          sn: mine,
          seenAt: new Date(now - DAY_MS).toISOString(),
          components: [{ kind: 'BIOS', version: '4.9.0' }],
        },
      ],
    });
    const bios = component((await detail(customer.token, mine)).data, 'BIOS');
    expect(bios).toMatchObject({ installed: '5.0.0', state: 'current' });
    expect(bios?.contradicts).toMatchObject({ version: '4.9.0', source: 'audit' });
    const history = await t.db
      .select()
      .from(installedComponentReports)
      .where(eq(installedComponentReports.sn, mine))
      .orderBy(asc(installedComponentReports.id));
    expect(history.filter((row) => row.component === 'BIOS').map((row) => row.version)).toEqual([
      '4.2.0',
      '5.0.0',
      '4.9.0',
    ]);
  });

  it('pages the fleet with its summary, filters by state and SN', async () => {
    const page = (await fleet(customer.token)).data;
    expect(page.totalRows).toBe(2);
    expect(
      page.summary.vulnerable +
        page.summary.outdated +
        page.summary.unknown +
        page.summary.newer +
        page.summary.current,
    ).toBe(2);
    expect((await fleet(customer.token, `?sn=${mine.slice(-4)}`)).data.rows.map((row) => row.sn)).toEqual([
      mine,
    ]);
    const unknownOnly = (await fleet(customer.token, '?state=unknown')).data.rows;
    expect(unknownOnly.every((row) => row.state === 'unknown')).toBe(true);
  });

  it("checks a CSV whole: per-line errors in the reader's language, nothing half-applied", async () => {
    const csv = [
      'sn,kind,pn,slot,version,seen_at',
      `${mine},BMC,,,1.2.0,`,
      `${mine},FAN,,,1.0,`,
      `${foreign},BMC,,,1.2.0,`,
      `${mine},PCIE,,,22.1,`,
      `${mine},BIOS,,,5.0.0,yesterday`,
    ].join('\n');
    const preview = await upload(customer.token, csv, '0');
    expect(preview.status).toBe(200);
    expect(preview.body.data.applied).toBe(false);
    expect(preview.body.data.errors.map((error) => error.line)).toEqual([3, 4, 5, 6]);
    expect(preview.body.data.errors[1]?.message).toBe('Unknown serial number, or not one of your servers');
    const zh = await upload(customer.token, csv, '1', 'zh-CN');
    expect(zh.body.data.errors[1]?.message).toBe('序列号不存在，或不是您的服务器');
    // Nothing of it was written, not even the good line.
    expect(component((await detail(customer.token, mine)).data, 'BMC')?.installed).toBe('2.0.0-rc1');

    const good = ['sn,kind,pn,slot,version,seen_at', `${mine},BMC,,,1.2.0,`].join('\r\n');
    const dry = await upload(customer.token, good, '1');
    expect(dry.body.data).toMatchObject({
      applied: false,
      errors: [],
      changes: [{ sn: mine, component: 'BMC', from: '2.0.0-rc1', to: '1.2.0' }],
    });
    expect((await upload(customer.token, good, '0')).body.data.applied).toBe(true);
    expect(component((await detail(customer.token, mine)).data, 'BMC')).toMatchObject({
      installed: '1.2.0',
      state: 'current',
      source: 'upload',
    });
    expect((await upload(customer.token, 'serial,version\nX,1', '0')).body.data.errors[0]?.line).toBe(1);
  });

  it('exports every component as CSV and JSON', async () => {
    const csv = await t.app.inject({
      url: '/api/fleet/export?format=csv&locale=en-US',
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('sn,model,component,installed');
    expect(lines[0]).toMatch(
      /,cves,install_order,reboot_required,prerequisites,investigating_advisories,investigating_cves$/,
    );
    expect(
      lines.some(
        (line) => line.startsWith(`${mine},M7-2U,BMC,1.2.0,upload`) && line.includes(',current,Current,'),
      ),
    ).toBe(true);
    // The BMC's target: first in the install order (its kind's default 10), no reboot, no prerequisites, nothing under investigation.
    expect(lines.find((line) => line.startsWith(`${mine},M7-2U,BMC,`))).toMatch(/,10,no,,,$/);
    const json = await t.app.inject({
      url: '/api/fleet/export?format=json',
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(
      (JSON.parse(json.body) as { servers: { sn: string }[] }).servers.map((server) => server.sn).sort(),
    ).toContain(mine);
  });

  it('accepts personal access tokens with the inventory scope only', async () => {
    const token = (
      await t.app.services.apiTokens.create(customer.id, {
        name: 'inv',
        scopes: ['inventory'],
        expiresInDays: 30,
      })
    ).token;
    const other = (
      await t.app.services.apiTokens.create(customer.id, {
        name: 'cat',
        scopes: ['catalog:read'],
        expiresInDays: 30,
      })
    ).token;
    const body = { servers: [{ sn: mine, components: [{ kind: 'BMC', version: '1.2.0' }] }] };
    expect((await report(token, body)).status).toBe(200);
    expect((await report(other, body)).body.code).toBe(1026002);
    expect((await reportMine([{ kind: 'FAN', version: '1' }])).status).toBe(400);
  });

  it('pins a baseline per model: the target is the pinned release, not the newest', async () => {
    const releases = (await detail(customer.token, mine)).data;
    const bmc = component(releases, 'BMC');
    expect(bmc).toMatchObject({ state: 'current', baseline: null });
    const bmcItem = await t.db.select().from(catalogVersions).where(eq(catalogVersions.version, '1.1.0'));
    const pinned = await callAs<FleetBaseline[]>(t.app, customer.token, 'PUT', '/api/fleet/baselines/M7-2U', {
      name: 'Q4 validated',
      versions: { BMC: bmcItem[0]!.id },
    });
    expect(pinned.status).toBe(200);
    expect(pinned.body.data).toMatchObject([
      { model: 'M7-2U', name: 'Q4 validated', versions: [{ component: 'BMC', version: '1.1.0' }] },
    ]);
    // 1.2.0 runs, 1.1.0 is the baseline: ahead of it.
    expect(component((await detail(customer.token, mine)).data, 'BMC')).toMatchObject({
      state: 'newer',
      baseline: 'Q4 validated',
      target: { version: '1.1.0' },
    });
    // Only a released version of that model may be pinned.
    const wrong = await callAs(t.app, customer.token, 'PUT', '/api/fleet/baselines/M7-2U', {
      name: 'x',
      versions: { BIOS: bmcItem[0]!.id },
    });
    expect(wrong.status).toBe(400);
    await callAs(t.app, customer.token, 'DELETE', '/api/fleet/baselines/M7-2U');
    expect(component((await detail(customer.token, mine)).data, 'BMC')?.baseline).toBeNull();
  });

  it('bundles exactly what is missing: the targets of the outdated and vulnerable components', async () => {
    await reportMine([
      { kind: 'BMC', version: '1.0.0' },
      { kind: 'BIOS', version: '5.0.0' },
      nicInSlot3('22.1'),
    ]);
    const server = (await detail(customer.token, mine)).data;
    const missing = server.components.filter((row) => row.state === 'outdated' || row.state === 'vulnerable');
    expect(missing.map((row) => row.component)).toEqual(['BMC']);
    const created = await callAs<{ task: { id: number } }>(
      t.app,
      customer.token,
      'POST',
      '/api/fleet/bundle',
      { sns: [mine, foreign] },
    );
    expect(created.status).toBe(200);
    await t.app.services.jobs.runUntilIdle();
    const files = readTar(await downloadResult(t, customer.token, created.body.data.task.id));
    const rows = JSON.parse(files.get(BUNDLE_MANIFEST_JSON)?.toString('utf8') ?? '{}').rows as {
      sn: string;
      component: string;
      offeredVersion: string;
    }[];
    expect(rows.map((row) => [row.sn, row.component, row.offeredVersion])).toEqual([[mine, 'BMC', '1.2.0']]);
    // A server that misses nothing (or is not mine) gives no bundle.
    expect((await callAs(t.app, rival.token, 'POST', '/api/fleet/bundle', { sns: [mine] })).body.code).toBe(
      1029001,
    );
  });

  it('counts the installed base per version for staff, and who is exposed to a CVE', async () => {
    const admin = await adminToken(t.app);
    const bios = await callAs<InstalledBase>(
      t.app,
      admin,
      'GET',
      '/api/staff/fleet/installed-base?kind=BIOS&cve=CVE-2026-40001',
    );
    expect(bios.status).toBe(200);
    expect(bios.body.data.versions).toEqual([{ pn: null, version: '5.0.0', servers: 1, customers: 1 }]);
    expect(bios.body.data.exposed).toEqual({ status: 'counted', servers: 0, customers: 0 });
    await report(rival.token, {
      servers: [{ sn: foreign, components: [{ kind: 'BIOS', version: '4.0.0' }] }],
    });
    const after = (
      await callAs<InstalledBase>(
        t.app,
        admin,
        'GET',
        '/api/staff/fleet/installed-base?kind=BIOS&cve=CVE-2026-40001',
      )
    ).body.data;
    expect(after.exposed).toEqual({ status: 'counted', servers: 1, customers: 1 });
    const bmc = (
      await callAs<InstalledBase>(t.app, admin, 'GET', '/api/staff/fleet/installed-base?kind=BMC&model=M7-2U')
    ).body.data;
    // Reported versions, else what was shipped (the bound server was shipped without one).
    expect(bmc.versions.map((row) => row.version)).toEqual(['1.0.0']);
    expect(bmc.servers).toBe(2);
    expect(
      (await callAs(t.app, customer.token, 'GET', '/api/staff/fleet/installed-base?kind=BMC')).status,
    ).toBe(403);
  });
});
