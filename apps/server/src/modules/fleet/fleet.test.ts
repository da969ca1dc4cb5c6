import type { FleetResolve } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { catalogVersions, userSerials } from '../../db/schema';
import { createUser } from '../../test/factories';
import { withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

describe.each(DRIVERS)('fleet resolve on %s', (driver) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { catalog: true });
    const owner = await createUser(t.db, { roleCodes: ['customer'] });
    const now = t.clock.now();
    await t.db.insert(userSerials).values([
      { userId: owner.id, sn: 'M7S2U24000101', state: 'verified', boundAt: now, verifiedAt: now },
      // Bound but not verified by staff: gives nothing.
      { userId: owner.id, sn: 'M6S1U22000417', state: 'pending', boundAt: now },
    ]);
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

  it('answers my verified server with its model and the newest released firmware per kind, in the order asked', async () => {
    const answer = await resolve(['nope-0', ' m7s2u24000101 ', 'A7S2U25000033', 'M6S1U22000417']);
    expect(answer.status).toBe(200);
    const [unknown, mine, foreign, pending] = answer.body.data.servers;
    expect(mine).toMatchObject({ sn: 'M7S2U24000101', found: true, model: expect.stringMatching(/^M7/) });
    expect(mine!.firmware.length).toBeGreaterThan(0);
    const kinds = mine!.firmware.filter((line) => line.component !== 'PCIE').map((line) => line.component);
    expect(new Set(kinds).size).toBe(kinds.length); // one newest per kind
    for (const line of mine!.firmware) {
      expect(line.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(line.downloadPath).toBe(`/api/downloads/${line.versionId}`);
    }
    // Another company's server, a pending one and one never shipped answer alike.
    for (const server of [unknown, foreign, pending])
      expect(server).toMatchObject({ found: false, model: '', firmware: [] });
  });

  it('offers only published releases, never a pre-release or a recalled version', async () => {
    const answer = await resolve(['M7S2U24000101']);
    const ids = answer.body.data.servers[0]!.firmware.map((line) => line.versionId);
    const rows = await t.db
      .select({ status: catalogVersions.status, preRelease: catalogVersions.preRelease })
      .from(catalogVersions)
      .where(inArray(catalogVersions.id, ids));
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) expect(row).toEqual({ status: 'published', preRelease: false });
  });

  it('refuses bad input with 400, never 500', async () => {
    for (const sns of [
      [],
      'M7S2U24000101',
      Array.from({ length: 501 }, (_, n) => `SN${n}`),
      ['x'.repeat(65)],
      [null],
    ]) {
      const answer = await resolve(sns);
      expect(answer.status, JSON.stringify(sns).slice(0, 40)).toBe(400);
    }
  });
});
