import { OFFLINE_CONTEXT_PATH, type OfflineComplianceContext } from '@portal/contract/compliance';
import { describe, expect, it } from 'vitest';
import {
  type AdvisoryDesk,
  advisoryDeskForBlock,
  approvedFlaw,
  customerRunning,
  embargoedADay,
} from '../../test/advisory-fixtures';
import { bmcBefore, bmcUnderInvestigation } from '../../test/advisory-input';
import { personalAccessToken } from '../../test/api-tokens';
import { bindSerial, createItem, createServer, createVersion } from '../../test/catalog-factories';
import { callAs } from '../../test/requests';
import { DRIVERS, type TestApp } from '../../test/test-app';

/**
 * Attacks on the offline compliance context (issue 44 §2), the signed file `fwportal mirror sync`
 * carries to an isolated network: a customer must find in it only their own verified servers, only
 * advisories they may read (no TLP:AMBER that affects none of their servers, nothing under
 * embargo), no restricted release they are not entitled to; it needs a session or an `inventory`
 * token.
 */
describe.each(DRIVERS)('offline compliance context attacks on %s', (driver) => {
  let t: TestApp;
  let desk: AdvisoryDesk;
  let m72u: number;
  let m74u: number;

  advisoryDeskForBlock(driver, 'ctx', (opened) => {
    desk = opened;
    ({ t, m72u, m74u } = opened);
  });

  const contextOf = async (token: string) => {
    const answer = await callAs(t.app, token, 'GET', OFFLINE_CONTEXT_PATH);
    expect(answer.status).toBe(200);
    return answer.body as unknown as OfflineComplianceContext;
  };

  it("holds only the caller's verified servers and the advisories and releases they may read", async () => {
    const owner = await customerRunning(t, m72u, { BMC: '4.0.1' });
    // A pending SN (bound, never verified) of another model gives nothing.
    const pending = await createServer(t.db, { modelId: m74u, installed: { BMC: '4.0.1' } });
    await bindSerial(t.db, owner.id, pending.sn, 'pending');
    const stranger = await customerRunning(t, m72u, { BMC: '3.0.0' });

    // AMBER, affecting the stranger's BMC 3.0.0 only (fixed in 4.0.0): the owner runs 4.0.1.
    await approvedFlaw(desk, { cve: 'CVE-2026-44101', affected: bmcBefore(m72u, '4.0.0') }, { tlp: 'AMBER' });
    // AMBER, the owner's product under investigation only: affects none of their servers.
    await approvedFlaw(
      desk,
      { cve: 'CVE-2026-44102', affected: bmcUnderInvestigation(m72u) },
      { tlp: 'AMBER' },
    );
    // AMBER affecting the owner's BMC 4.0.1: theirs to read.
    await approvedFlaw(desk, { cve: 'CVE-2026-44103', affected: bmcBefore(m72u, '9.9.9') }, { tlp: 'AMBER' });
    // WHITE, still under embargo.
    await approvedFlaw(desk, { cve: 'CVE-2026-44104', affected: bmcBefore(m72u, '9.9.9') }, embargoedADay(t));
    // A restricted BMC release of the owner's model, granted to nobody.
    const secret = await createItem(t.db, { kind: 'BMC', visibility: 'restricted' });
    await createVersion(t.db, t.app.services.store, {
      itemId: secret.id,
      version: '77.7.7-secret',
      modelIds: [m72u],
    });

    const mine = await contextOf(owner.token);
    expect(mine.servers.map((server) => server.sn)).toEqual([owner.sn]);
    const text = JSON.stringify(mine);
    expect(text).not.toContain(stranger.sn);
    expect(text).not.toContain(pending.sn);
    const cves = mine.advisories.flatMap((advisory) => advisory.vulnerabilities.map((row) => row.cve));
    expect(cves).toContain('CVE-2026-44103');
    expect(cves).not.toContain('CVE-2026-44101');
    expect(cves).not.toContain('CVE-2026-44102');
    expect(cves).not.toContain('CVE-2026-44104');
    expect(text).not.toContain('77.7.7-secret');

    // The stranger's file holds the advisory that affects them, and not the owner's.
    const theirs = await contextOf(stranger.token);
    expect(theirs.servers.map((server) => server.sn)).toEqual([stranger.sn]);
    const theirCves = theirs.advisories.flatMap((advisory) => advisory.vulnerabilities.map((row) => row.cve));
    expect(theirCves).toContain('CVE-2026-44101');
    expect(theirCves).toContain('CVE-2026-44103');
    expect(theirCves).not.toContain('CVE-2026-44102');
  }, 240_000);

  it('is refused to nobody and to a token of another scope', async () => {
    const owner = await customerRunning(t, m72u, { BMC: '4.0.1' });
    const anonymous = await t.app.inject({ url: OFFLINE_CONTEXT_PATH });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await callAs(
      t.app,
      await personalAccessToken(t, owner.id, ['catalog:read']),
      'GET',
      OFFLINE_CONTEXT_PATH,
    );
    expect(wrong.status).toBe(403);
    const right = await contextOf(await personalAccessToken(t, owner.id, ['inventory']));
    expect(right.servers.map((server) => server.sn)).toEqual([owner.sn]);
  }, 120_000);
});
