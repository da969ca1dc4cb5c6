import type { FleetPage, FleetServerDetail } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindSerial, createServer, referenceModel } from '../../test/catalog-factories';
import { callAs } from '../../test/requests';
import { signedInUser } from '../../test/signed-in-user';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

const NOW = new Date('2026-11-02T10:00:00Z');

/** Issue 43 §4: a server whose model is past its end of security support is `unsupported` in My servers. */
describe.each(DRIVERS)('unsupported servers on %s', (driver) => {
  let t: TestApp;
  let customer: string;
  let publisher: string;
  let sn: string;
  let modelId: number;

  beforeAll(async () => {
    t = await createTestApp(driver, { now: NOW });
    const owner = await signedInUser(t);
    customer = owner.token;
    publisher = (await signedInUser(t, { roleCodes: ['staff'] })).token;
    modelId = (await referenceModel(t.db, 'M6-1U')).id;
    sn = (await createServer(t.db, { modelId, installed: { BMC: '3.0.1' } })).sn;
    await bindSerial(t.db, owner.id, sn);
  });
  afterAll(() => t?.close());

  const page = async () => (await callAs<FleetPage>(t.app, customer, 'GET', '/api/fleet/servers')).body.data;
  const setEnd = (end: string | null) =>
    callAs(t.app, publisher, 'PUT', `/api/staff/models/${modelId}/support-end`, { securitySupportEnd: end });

  it('turns unsupported the month after its end, in the page, the summary and the detail, and back when extended', async () => {
    const before = await page();
    expect(before.rows.find((row) => row.sn === sn)?.state).toBe('unknown');
    expect(before.summary.unsupported).toBe(0);

    // Ends with this month: still supported until November is over.
    expect((await setEnd('2026-11')).status).toBe(200);
    expect((await page()).rows.find((row) => row.sn === sn)?.state).toBe('unknown');

    // Ended last month: the stored state is stale at the next request.
    expect((await setEnd('2026-10')).status).toBe(200);
    const after = await page();
    expect(after.rows.find((row) => row.sn === sn)?.state).toBe('unsupported');
    expect(after.summary.unsupported).toBe(1);
    const detail = await callAs<FleetServerDetail>(t.app, customer, 'GET', `/api/fleet/servers/${sn}`);
    expect(detail.body.data.state).toBe('unsupported');
    const filtered = await callAs<FleetPage>(t.app, customer, 'GET', '/api/fleet/servers?state=unsupported');
    expect(filtered.body.data.rows.map((row) => row.sn)).toEqual([sn]);

    expect((await setEnd(null)).status).toBe(200);
    expect((await page()).rows.find((row) => row.sn === sn)?.state).toBe('unknown');
  });
});
