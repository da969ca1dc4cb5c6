import type { FleetResolve } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bindSerial,
  createItem,
  createModel,
  createServer,
  createVersion,
} from '../../test/catalog-factories';
import { createUser } from '../../test/factories';
import { withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

describe.each(DRIVERS)('fleet resolve on %s', (driver) => {
  let t: TestApp;
  let token: string;
  const versionIds: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(driver);
    const { db } = t;
    const store = t.app.services.store;
    const model = await createModel(db, { code: 'FLEET-2U' });
    const otherModel = await createModel(db, { code: 'OTHER-1U' });
    const owner = await createUser(db, { roleCodes: ['customer'] });
    const mine = await createServer(db, {
      sn: 'FLEET0001',
      modelId: model.id,
      pcieParts: ['PN-NIC-1'],
      installed: { BMC: '1.2.0', 'PN-NIC-1': '3.0' },
    });
    const pending = await createServer(db, { sn: 'FLEET0002', modelId: model.id });
    await createServer(db, { sn: 'FOREIGN01', modelId: model.id, customer: 'Another Company' });
    await bindSerial(db, owner.id, mine.sn);
    await bindSerial(db, owner.id, pending.sn, 'pending');

    const bmc = await createItem(db, { kind: 'BMC' });
    // Version order, not release date: 1.10.0 is newer than 1.9.0 released later.
    for (const [version, extra] of [
      ['1.2.0', {}],
      ['1.10.0', { releaseDate: '2026-01-01' }],
      ['1.9.0', { releaseDate: '2026-09-01' }],
      ['2.0.0-rc.1', { preRelease: true }],
      ['1.11.0', { status: 'recalled' as const }],
      ['1.12.0', { status: 'draft' as const }],
    ] as const) {
      const created = await createVersion(db, store, {
        itemId: bmc.id,
        version,
        modelIds: [model.id],
        ...extra,
      });
      versionIds[`BMC ${version}`] = created.id;
    }
    const bios = await createItem(db, { kind: 'BIOS' });
    versionIds['BIOS 5.0'] = (
      await createVersion(db, store, { itemId: bios.id, version: '5.0', modelIds: [model.id] })
    ).id;
    // Firmware of another model is not offered.
    await createVersion(db, store, { itemId: bios.id, version: '9.0', modelIds: [otherModel.id] });
    const nic = await createItem(db, { kind: 'PCIE' });
    versionIds['NIC 3.1'] = (
      await createVersion(db, store, { itemId: nic.id, version: '3.1', parts: ['PN-NIC-1'] })
    ).id;
    // A restricted item nobody granted this customer: not offered.
    const secret = await createItem(db, { kind: 'CPLD', visibility: 'restricted' });
    await createVersion(db, store, { itemId: secret.id, version: '1.0', modelIds: [model.id] });

    token = (
      await t.app.services.apiTokens.create(owner.id, {
        name: 'fleet',
        scopes: ['catalog:read'],
        expiresInDays: 1,
      })
    ).token;
  }, 60_000);
  afterAll(() => t.close());

  const resolve = (sns: unknown) =>
    withToken<FleetResolve>(t.app, token, { method: 'POST', url: '/api/fleet/resolve', payload: { sns } });

  it('answers my server with its model, the newest release per kind by version order and its PCIe cards', async () => {
    const answer = await resolve([' fleet0001 ']);
    expect(answer.status).toBe(200);
    const [server] = answer.body.data.servers;
    expect(server).toMatchObject({ sn: 'FLEET0001', found: true, model: 'FLEET-2U' });
    const offered = Object.fromEntries(server!.firmware.map((line) => [line.component, line]));
    expect(Object.keys(offered).sort()).toEqual(['BIOS', 'BMC', 'PCIE']);
    // Not the pre-release, the recalled or the draft; not 1.9.0 for being released later.
    expect(offered.BMC).toMatchObject({
      version: '1.10.0',
      current: '1.2.0',
      versionId: versionIds['BMC 1.10.0'],
    });
    expect(offered.BIOS).toMatchObject({ version: '5.0', versionId: versionIds['BIOS 5.0'] });
    expect(offered.PCIE).toMatchObject({ pn: 'PN-NIC-1', version: '3.1', current: '3.0' });
    for (const line of server!.firmware) {
      expect(line.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(line.downloadPath).toBe(`/api/downloads/${line.versionId}`);
    }
  });

  it('answers a pending, a foreign and an unknown SN alike, in the order asked', async () => {
    const answer = await resolve(['NOPE-0', 'FLEET0001', 'FOREIGN01', 'FLEET0002']);
    const servers = answer.body.data.servers;
    expect(servers.map((server) => server.sn)).toEqual(['NOPE-0', 'FLEET0001', 'FOREIGN01', 'FLEET0002']);
    for (const server of [servers[0], servers[2], servers[3]])
      expect(server).toEqual({ sn: server!.sn, found: false, model: '', firmware: [] });
  });

  it('refuses bad input with 400, never 500', async () => {
    for (const sns of [
      [],
      'FLEET0001',
      Array.from({ length: 501 }, (_, n) => `SN${n}`),
      ['x'.repeat(65)],
      [null],
    ]) {
      const answer = await resolve(sns);
      expect(answer.status, JSON.stringify(sns).slice(0, 40)).toBe(400);
    }
  });
});
