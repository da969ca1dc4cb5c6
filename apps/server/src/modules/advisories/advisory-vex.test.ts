import type { AdvisoryDetail, AdvisoryTriage, CveLookup } from '@portal/contract';
import { compareVersions } from '@portal/contract/version-order';
import { describe, expect, it } from 'vitest';
import {
  type AdvisoryDesk,
  advisoryDeskForBlock,
  approvedFlaw,
  customerRunning,
  embargoedADay,
  signedInWith,
} from '../../test/advisory-fixtures';
import { affectedRow, flawAdvisoryInput } from '../../test/advisory-input';
import { bindSerial, createServer } from '../../test/catalog-factories';
import { callAs } from '../../test/requests';
import { DRIVERS, type TestApp } from '../../test/test-app';

/**
 * VEX (issue 43 §2) through the API on both drivers: staff record a status per product; only
 * known_affected products make a customer's server affected (a customer whose product is not
 * affected or under investigation is neither told nor counted); the served CSAF document carries
 * the statuses; triage from the demo catalogue's SBOMs names the products holding a component.
 */
describe.each(DRIVERS)('VEX statuses and SBOM triage on %s', (driver) => {
  let t: TestApp;
  let desk: AdvisoryDesk;
  let m72u: number;
  let m74u: number;

  advisoryDeskForBlock(driver, 'vex', (opened) => {
    desk = opened;
    ({ t, m72u, m74u } = opened);
  });

  const reason = {
    justification: 'vulnerable_code_not_in_execute_path' as const,
    impactZh: 'M7-4U 的 BMC 不加载受影响的模块。',
    impactEn: 'The M7-4U BMC never loads the affected module.',
  };

  it('refuses a product not affected without its reason, and an affected one without its fix', async () => {
    const refused = (row: object) =>
      callAs(
        t.app,
        desk.writer,
        'POST',
        '/api/staff/advisories',
        flawAdvisoryInput({
          title: ['缺理由', 'No reason'],
          cve: 'CVE-2026-43001',
          affected: [{ modelId: m74u, pn: null, kind: 'BMC', affectedFrom: null, fixedIn: null, ...row }],
        }),
      );
    for (const row of [
      { status: 'known_not_affected', impactEn: 'Never loaded.' },
      { status: 'known_not_affected', justification: reason.justification },
      { status: 'known_affected' },
    ]) {
      const answer = await refused(row);
      expect(answer.status, JSON.stringify(row)).toBe(400);
      expect(answer.body.code).toBe(1012001);
    }
  }, 120_000);

  it('counts only known_affected: the customer whose product is not affected or under investigation is not told', async () => {
    const hit = await customerRunning(t, m72u, { BMC: '4.0.1' });
    const spared = await customerRunning(t, m74u, { BMC: '4.0.1' });
    const advisory = await approvedFlaw(desk, {
      cve: 'CVE-2026-43002',
      affected: [
        affectedRow({ modelId: m72u, kind: 'BMC', fixedIn: '4.1.2' }),
        affectedRow({ modelId: m74u, kind: 'BMC', status: 'known_not_affected', ...reason }),
        affectedRow({ modelId: m74u, kind: 'BIOS', status: 'under_investigation' }),
      ],
    });
    const detail = async (token: string) =>
      (await callAs<AdvisoryDetail>(t.app, token, 'GET', `/api/advisories/${advisory.advisoryId}`)).body.data;
    const mine = await detail(hit.token);
    expect(mine.affectsMine).toBe(true);
    expect(mine.myServers.map((server) => server.sn)).toEqual([hit.sn]);
    const theirs = await detail(spared.token);
    expect(theirs.affectsMine).toBe(false);
    expect(theirs.myServers).toEqual([]);
    expect(theirs.snapshot.affected.map((row) => row.status)).toEqual([
      'known_affected',
      'known_not_affected',
      'under_investigation',
    ]);
    expect(theirs.snapshot.affected[1]).toMatchObject(reason);

    // The served original carries each product's status, the flag and the impact statement.
    const served = await t.app.inject({ url: mine.csaf.json.replace(/-zh-cn\.json$/, '.json') });
    expect(served.statusCode).toBe(200);
    const doc = JSON.parse(served.body);
    const [vulnerability] = doc.vulnerabilities;
    expect(Object.keys(vulnerability.product_status).sort()).toEqual([
      'fixed',
      'known_affected',
      'known_not_affected',
      'under_investigation',
    ]);
    expect(vulnerability.flags).toEqual([
      { label: reason.justification, product_ids: vulnerability.product_status.known_not_affected },
    ]);
    expect(vulnerability.threats[0]).toMatchObject({ category: 'impact', details: reason.impactEn });
  }, 180_000);

  it('publishes a csaf_vex document, validated under the VEX profile, for a CVE no product is affected by', async () => {
    const customer = await customerRunning(t, m74u, { BMC: '4.0.1' });
    const advisory = await approvedFlaw(desk, {
      cve: 'CVE-2026-43005',
      affected: [affectedRow({ modelId: m74u, kind: 'BMC', status: 'known_not_affected', ...reason })],
    });
    const detail = (
      await callAs<AdvisoryDetail>(t.app, customer.token, 'GET', `/api/advisories/${advisory.advisoryId}`)
    ).body.data;
    expect(detail.affectsMine).toBe(false);
    for (const path of [detail.csaf.json.replace(/-zh-cn\.json$/, '.json'), detail.csaf.json]) {
      const served = await t.app.inject({ url: path });
      expect(served.statusCode, path).toBe(200);
      const doc = JSON.parse(served.body);
      expect(doc.document.category).toBe('csaf_vex');
      expect(doc.vulnerabilities[0].product_status).toEqual({
        known_not_affected: doc.vulnerabilities[0].flags[0].product_ids,
      });
      expect(doc.vulnerabilities[0]).not.toHaveProperty('scores');
    }
  }, 180_000);

  it('lists the products whose released firmware contains a component, as rows under investigation', async () => {
    const triage = (token: string, query: string) =>
      callAs<AdvisoryTriage>(t.app, token, 'GET', `/api/staff/advisories/triage?${query}`);
    const answer = await triage(desk.writer, 'purl=pkg:generic/openssl&lt=3.0.8');
    expect(answer.status).toBe(200);
    const { rows } = answer.body.data;
    const bmc = rows.find((row) => row.productName === 'M7-2U' && row.kind === 'BMC');
    expect(bmc).toMatchObject({ modelId: m72u, pn: null });
    expect(bmc?.versions).toContain('4.0.1');
    expect(bmc?.versions).not.toContain('4.1.2');
    for (const row of rows) {
      expect(row.affectedFrom).toBe(row.versions[0]);
      // The range ends at the first later release without the component (or goes on).
      if (row.fixedIn !== null) {
        expect(row.versions).not.toContain(row.fixedIn);
        expect(compareVersions(row.fixedIn, row.versions.at(-1) ?? '')).toBeGreaterThan(0);
      }
    }
    const customer = await signedInWith(t, 'customer');
    expect((await triage(customer.token, 'purl=pkg:generic/openssl')).status).toBe(403);
    // A component is named by its purl or its CPE, not both.
    expect((await triage(desk.writer, 'purl=pkg:generic/x&cpe=a:b')).status).toBe(400);
  }, 120_000);

  it("answers a CVE lookup with the caller's own servers only, each status and fix, and nothing under embargo", async () => {
    const owner = await customerRunning(t, m72u, { BMC: '4.0.1' });
    const second = await createServer(t.db, { modelId: m74u, installed: { BMC: '4.0.1', BIOS: '6.0.0' } });
    await bindSerial(t.db, owner.id, second.sn);
    const patched = await createServer(t.db, { modelId: m72u, installed: { BMC: '4.1.2' } });
    await bindSerial(t.db, owner.id, patched.sn);
    const stranger = await customerRunning(t, m72u, { BMC: '4.0.1' });
    const affected = [
      affectedRow({ modelId: m72u, kind: 'BMC', fixedIn: '4.1.2' }),
      affectedRow({ modelId: m74u, kind: 'BMC', status: 'known_not_affected', ...reason }),
      affectedRow({ modelId: m74u, kind: 'BIOS', status: 'under_investigation' }),
    ];
    await approvedFlaw(desk, { cve: 'CVE-2026-43003', affected });
    // The same CVE in an advisory still under embargo adds nothing.
    await approvedFlaw(desk, { cve: 'CVE-2026-43004', affected }, embargoedADay(t));
    const lookup = async (token: string, cve: string) =>
      (await callAs<CveLookup>(t.app, token, 'GET', `/api/advisories/cve/${cve}`)).body.data;

    const mine = await lookup(owner.token, 'cve-2026-43003');
    expect(mine.advisories).toHaveLength(1);
    expect(
      mine.servers.map((row) => [row.sn, row.component, row.installed, row.status, row.fixedIn]),
    ).toEqual([
      [owner.sn, 'BMC', '4.0.1', 'known_affected', '4.1.2'],
      [second.sn, 'BIOS', '6.0.0', 'under_investigation', null],
      [second.sn, 'BMC', '4.0.1', 'known_not_affected', null],
      [patched.sn, 'BMC', '4.1.2', 'fixed', '4.1.2'],
    ]);
    expect(mine.notNamed).toBe(0);
    // Another company's server of the same model never appears, in either answer.
    expect(mine.servers.map((row) => row.sn)).not.toContain(stranger.sn);
    expect((await lookup(stranger.token, 'CVE-2026-43003')).servers.map((row) => row.sn)).toEqual([
      stranger.sn,
    ]);
    const embargoed = await lookup(owner.token, 'CVE-2026-43004');
    expect(embargoed).toMatchObject({ advisories: [], servers: [] });
    expect(embargoed.notNamed).toBe(3);
    const anonymous = await t.app.inject({ url: '/api/advisories/cve/CVE-2026-43003' });
    expect(anonymous.statusCode).toBe(401);
    expect((await callAs(t.app, owner.token, 'GET', '/api/advisories/cve/not-a-cve')).status).toBe(400);
  }, 180_000);
});
