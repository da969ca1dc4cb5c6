import {
  BUNDLE_MANIFEST_CSV,
  BUNDLE_MANIFEST_JSON,
  type InstalledBase,
  type StaffFleetOrg,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersions } from '../../db/schema';
import { downloadResult, readTar } from '../tasks/tasks-test-kit';
import { approvedAdvisory, signedInWith } from '../../test/advisory-fixtures';
import { affectedRow, flawAdvisoryInput } from '../../test/advisory-input';
import { createItem, createServer, createVersion, referenceModel } from '../../test/catalog-factories';
import { createRole, createUser } from '../../test/factories';
import { callAs } from '../../test/requests';
import { signedInUser } from '../../test/signed-in-user';
import { adminToken, createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

const CVE = 'CVE-2026-20417';

/**
 * Issue 42 §2 on both drivers, counts a person can trust: the staff installed base over every
 * PCIe card and a CVE that does not concern the kind asked for; vulnerable and outdated servers
 * per customer organisation; a bundle's manifest urgent by compliance state.
 */
describe.each(DRIVERS)('fleet counts on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  let modelId: number;
  let acme: string;

  const base = async (query: string) => {
    const answer = await callAs<InstalledBase>(
      t.app,
      admin,
      'GET',
      `/api/staff/fleet/installed-base?${query}`,
    );
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminToken(t.app);
    modelId = (await referenceModel(t.db, 'M7-2U')).id;
    const nic = await createItem(t.db, { kind: 'PCIE', visibility: 'signed_in' });
    const nicFix = await createVersion(t.db, t.app.services.store, {
      itemId: nic.id,
      version: '22.1',
      parts: ['PN-NIC-A'],
      severity: 'recommended',
    });
    // A power-supply update the publisher calls urgent, needing a reboot and a newer BMC first.
    const psu = await createItem(t.db, { kind: 'PSU', visibility: 'signed_in' });
    await createVersion(t.db, t.app.services.store, { itemId: psu.id, version: '1.0', modelIds: [modelId] });
    const psuNew = await createVersion(t.db, t.app.services.store, {
      itemId: psu.id,
      version: '1.1',
      modelIds: [modelId],
      severity: 'urgent',
    });
    await t.db
      .update(catalogVersions)
      .set({ rebootRequired: true, prerequisites: [{ component: 'BMC', minVersion: '3.1.0' }] })
      .where(eq(catalogVersions.id, psuNew.id));
    for (const organisation of ['Acme Fleet', 'Rival Fleet', 'Calm Fleet'])
      await createUser(t.db, { roleCodes: ['customer'], organisation });
    acme = (await signedInUser(t, { roleCodes: ['customer'], organisation: 'Acme Fleet' })).token;
    // Two cards of customer Acme's, one server carrying both; a RAID card at Rival too.
    await createServer(t.db, {
      modelId,
      customer: 'Acme Fleet',
      pcieParts: ['PN-NIC-A'],
      installed: { BMC: '3.0.0', 'PN-NIC-A': '22.0' },
    });
    await createServer(t.db, {
      modelId,
      customer: 'Acme Fleet',
      pcieParts: ['PN-NIC-A', 'PN-RAID-B'],
      installed: { BMC: '3.0.0', 'PN-NIC-A': '22.0', 'PN-RAID-B': '5.0' },
    });
    await createServer(t.db, {
      modelId,
      customer: 'Rival Fleet',
      pcieParts: ['PN-RAID-B'],
      installed: { BMC: '3.1.0', 'PN-RAID-B': '5.0', PSU: '1.0' },
    });
    await createServer(t.db, { modelId, customer: 'Calm Fleet', installed: { PSU: '1.1' } });

    await createRole(t.db, 'counts-writer', ['advisory:write']);
    const writer = (await signedInWith(t, 'counts-writer')).token;
    const nicFlaw = flawAdvisoryInput(
      {
        title: ['网卡漏洞', 'NIC flaw'],
        cve: CVE,
        affected: [affectedRow({ pn: 'PN-NIC-A', kind: 'NIC', fixedIn: '22.1' })],
      },
      { fixedVersionIds: [nicFix.id] },
    );
    await approvedAdvisory(t, writer, admin, nicFlaw);
    // A PGlite app on a loaded machine may take over a minute to set up.
  }, 180_000);
  afterAll(() => t?.close());

  it('counts every PCIe card without a part number: per part number, each server once', async () => {
    const cards = await base(`kind=PCIE&cve=${CVE}`);
    expect(cards.versions).toEqual([
      { pn: 'PN-NIC-A', version: '22.0', servers: 2, customers: 1 },
      { pn: 'PN-RAID-B', version: '5.0', servers: 2, customers: 2 },
    ]);
    // The server with both cards is one server.
    expect(cards.servers).toBe(3);
    expect(cards.exposed).toEqual({ status: 'counted', servers: 2, customers: 1 });
    // With the part number typed, the same count.
    const nic = await base(`kind=PCIE&pn=PN-NIC-A&cve=${CVE}`);
    expect(nic.versions).toEqual([{ pn: 'PN-NIC-A', version: '22.0', servers: 2, customers: 1 }]);
    expect(nic.exposed).toEqual({ status: 'counted', servers: 2, customers: 1 });
  });

  it('says when a CVE does not concern the kind or card asked for, or no advisory names it', async () => {
    const bmc = await base(`kind=BMC&cve=${CVE}`);
    expect(bmc.versions).toEqual([
      { pn: null, version: '3.1.0', servers: 1, customers: 1 },
      { pn: null, version: '3.0.0', servers: 2, customers: 1 },
    ]);
    expect(bmc.exposed).toEqual({ status: 'notConcerned', kinds: ['PN-NIC-A'] });
    expect((await base(`kind=PCIE&pn=PN-RAID-B&cve=${CVE}`)).exposed).toEqual({
      status: 'notConcerned',
      kinds: ['PN-NIC-A'],
    });
    expect((await base('kind=BMC&cve=CVE-2026-99999')).exposed).toEqual({ status: 'noAdvisory' });
    expect((await base('kind=BMC')).exposed).toBeNull();
  });

  it('lists customer organisations with their vulnerable and outdated servers, vulnerable first', async () => {
    const answer = await callAs<StaffFleetOrg[]>(t.app, admin, 'GET', '/api/staff/fleet/orgs');
    expect(answer.status).toBe(200);
    expect(
      answer.body.data
        .filter((org) => org.name.endsWith(' Fleet'))
        .map(({ name, servers, vulnerable, outdated }) => ({ name, servers, vulnerable, outdated })),
    ).toEqual([
      { name: 'Acme Fleet', servers: 2, vulnerable: 2, outdated: 0 },
      { name: 'Rival Fleet', servers: 1, vulnerable: 0, outdated: 1 },
      { name: 'Calm Fleet', servers: 1, vulnerable: 0, outdated: 0 },
    ]);
  });

  it('ranks a bundle by compliance state: the vulnerable card before the merely outdated PSU', async () => {
    const sn = (
      await createServer(t.db, {
        modelId,
        customer: 'Acme Fleet',
        pcieParts: ['PN-NIC-A'],
        installed: { BMC: '3.0.0', PSU: '1.0', 'PN-NIC-A': '22.0' },
      })
    ).sn;
    const created = await callAs<{ task: { id: number } }>(t.app, acme, 'POST', '/api/fleet/bundle', {
      sns: [sn],
    });
    expect(created.status).toBe(200);
    await t.app.services.jobs.runUntilIdle();
    const files = readTar(await downloadResult(t, acme, created.body.data.task.id));
    const rows = JSON.parse(files.get(BUNDLE_MANIFEST_JSON)?.toString('utf8') ?? '{}').rows as Record<
      string,
      unknown
    >[];
    expect(
      rows.map(({ component, state, severity, installOrder, rebootRequired, prerequisites }) => ({
        component,
        state,
        severity,
        installOrder,
        rebootRequired,
        prerequisites,
      })),
    ).toEqual([
      {
        component: 'PCIE:PN-NIC-A',
        state: 'vulnerable',
        severity: 'urgent',
        installOrder: 80,
        rebootRequired: false,
        prerequisites: [],
      },
      {
        component: 'PSU',
        state: 'outdated',
        severity: 'recommended',
        installOrder: 70,
        rebootRequired: true,
        prerequisites: [{ component: 'BMC', minVersion: '3.1.0' }],
      },
    ]);
    const csv = files.get(BUNDLE_MANIFEST_CSV)?.toString('utf8').split('\r\n') ?? [];
    expect(csv[0]).toBe(
      'sn,pn,model,component,item,currentVersion,offeredVersion,state,severity,installOrder,rebootRequired,prerequisites,file,sha256,sbom,sbomSha256',
    );
    expect(csv[2]).toContain(',PSU,');
    expect(csv[2]).toContain(',1.0,1.1,outdated,recommended,70,yes,BMC >= 3.1.0,');
  });
});
