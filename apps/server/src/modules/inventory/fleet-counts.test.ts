import { type AdvisoryInput, type InstalledBase } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItem, createServer, createVersion, referenceModel } from '../../test/catalog-factories';
import { createRole, createUser } from '../../test/factories';
import { callAs, tokenFor } from '../../test/requests';
import { ADMIN_PASSWORD, createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

const CVE = 'CVE-2026-20417';

/**
 * Issue 42 §2 on both drivers, counts a person can trust: the staff installed base over every
 * PCIe card and a CVE that does not concern the kind asked for.
 */
describe.each(DRIVERS)('fleet counts on %s', (driver) => {
  let t: TestApp;
  let admin: string;
  let modelId: number;

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
    admin = await tokenFor(t.app, 'admin', ADMIN_PASSWORD);
    modelId = (await referenceModel(t.db, 'M7-2U')).id;
    const nic = await createItem(t.db, { kind: 'PCIE', visibility: 'signed_in' });
    const nicFix = await createVersion(t.db, t.app.services.store, {
      itemId: nic.id,
      version: '22.1',
      parts: ['PN-NIC-A'],
    });
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
      installed: { BMC: '3.1.0', 'PN-RAID-B': '5.0' },
    });

    await createRole(t.db, 'counts-writer', ['advisory:write']);
    const writerUser = await createUser(t.db, { roleCodes: ['counts-writer'] });
    const writer = await tokenFor(t.app, writerUser.account, writerUser.password);
    const input: AdvisoryInput = {
      tlp: 'WHITE',
      titleZh: '网卡漏洞',
      titleEn: 'NIC flaw',
      summaryZh: '摘要',
      summaryEn: 'Summary',
      workaroundsZh: '',
      workaroundsEn: '',
      vulnerabilities: [
        {
          cve: CVE,
          cweId: null,
          cweName: '',
          cvss31Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
          cvss40Vector: null,
          descriptionZh: '',
          descriptionEn: '',
        },
      ],
      affected: [{ modelId: null, pn: 'PN-NIC-A', kind: 'NIC', affectedFrom: null, fixedIn: '22.1' }],
      fixedVersionIds: [nicFix.id],
      references: [],
      acknowledgments: [],
      publishAt: null,
      revisionSummary: '',
    };
    const created = await callAs<{ id: number }>(t.app, writer, 'POST', '/api/staff/advisories', input);
    await callAs(t.app, writer, 'POST', `/api/staff/advisories/${created.body.data.id}/submit`);
    expect(
      (await callAs(t.app, admin, 'POST', `/api/staff/advisories/${created.body.data.id}/approve`)).status,
    ).toBe(200);
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
});
