import { ErrorCode, type SoftwareIdMap } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogItems, catalogVersions } from '../../db/schema';
import { createItem, createVersion } from '../../test/catalog-factories';
import { createRole, createUser } from '../../test/factories';
import { callAs, tokenFor } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

/**
 * The routes of issue 34 §2 / issue 35 under attack (SECURITY.md): PUT update-plan by a customer,
 * by staff without firmware:publish and by a publisher's personal access token; odd input from a
 * publisher (4xx, never 500, nothing stored); the SoftwareId map read by another company's
 * customer (no restricted item, no part number of an unpublished version); the fleet report by
 * a token without the inventory scope; a page on another site (cookies and query tokens count
 * for nothing: only the Authorization header signs a request in).
 */
describe.each(DRIVERS)('update plans and the SoftwareId map under attack on %s', (driver) => {
  let t: TestApp;
  let publisher: string;
  let publisherId: number;
  let customer: string;
  let customerId: number;
  let lesserStaff: string;
  let versionId: number;
  const url = (id: number | string) => `/api/publishing/versions/${id}/update-plan`;
  const planOf = async () =>
    (await t.db.select().from(catalogVersions).where(eq(catalogVersions.id, versionId)))[0]!;

  beforeAll(async () => {
    t = await createTestApp(driver);
    const staffUser = await createUser(t.db, { roleCodes: ['staff'] });
    publisher = await tokenFor(t.app, staffUser.account, staffUser.password);
    publisherId = staffUser.id;
    const customerUser = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Attacker Ltd' });
    customer = await tokenFor(t.app, customerUser.account, customerUser.password);
    customerId = customerUser.id;
    await createRole(t.db, 'fleet-viewer-only', ['sysUser:page']);
    const lesser = await createUser(t.db, { roleCodes: ['fleet-viewer-only'] });
    lesserStaff = await tokenFor(t.app, lesser.account, lesser.password);

    const bios = await createItem(t.db, { kind: 'BIOS', code: 'attack-bios' });
    versionId = (await createVersion(t.db, t.app.services.store, { itemId: bios.id, version: '6.1.0' })).id;
    // A card everyone signed in sees, with a published version and a draft for an unannounced card.
    const card = await createItem(t.db, { kind: 'PCIE', code: 'attack-card' });
    await createVersion(t.db, t.app.services.store, {
      itemId: card.id,
      version: '1.0',
      parts: ['PN-PUBLIC'],
    });
    await createVersion(t.db, t.app.services.store, {
      itemId: card.id,
      version: '2.0',
      status: 'draft',
      parts: ['PN-UNANNOUNCED'],
    });
    const secret = await createItem(t.db, { kind: 'PCIE', code: 'attack-secret', visibility: 'restricted' });
    await createVersion(t.db, t.app.services.store, {
      itemId: secret.id,
      version: '1.0',
      parts: ['PN-SECRET'],
    });
    await t.db
      .update(catalogItems)
      .set({ softwareIds: ['CARD-FW'] })
      .where(eq(catalogItems.id, card.id));
    await t.db
      .update(catalogItems)
      .set({ softwareIds: ['SECRET-FW'] })
      .where(eq(catalogItems.id, secret.id));
  }, 60_000);
  afterAll(() => t.close());

  it('refuses a customer, staff without firmware:publish and a publisher token of any scope; the plan stays', async () => {
    const before = await planOf();
    const token = async (scopes: string[]) =>
      (
        await t.app.services.apiTokens.create(publisherId, {
          name: `t-${scopes.join('-')}`,
          scopes: scopes as never,
          expiresInDays: 1,
        })
      ).token;
    const good = { rebootRequired: true, prerequisites: [{ component: 'BMC', minVersion: '9.9' }] };
    const bad = { prerequisites: 'nope', installOrder: -1 };
    for (const [who, caller, status] of [
      ['customer', customer, 403],
      ['staff without firmware:publish', lesserStaff, 403],
      ['publisher token (inventory)', await token(['inventory']), 403],
      ['publisher token (catalog:read)', await token(['catalog:read']), 403],
    ] as const)
      for (const body of [good, bad])
        expect(
          (await callAs(t.app, caller, 'PUT', url(versionId), body)).status,
          `${who} ${JSON.stringify(body)}`,
        ).toBe(status);
    const after = await planOf();
    expect([after.rebootRequired, after.prerequisites]).toEqual([
      before.rebootRequired,
      before.prerequisites,
    ]);
  });

  it('answers odd input from a publisher with 4xx, never 500, and stores nothing of it', async () => {
    const long = 'x'.repeat(10_000);
    const bodies: unknown[] = [
      { prerequisites: [{ component: 'BMC', minVersion: '1\u0000' }] },
      { prerequisites: [{ component: 'BMC\u0000', minVersion: '1' }] },
      { prerequisites: [{ component: 'BMC', minVersion: long }] },
      { prerequisites: [{ component: long, minVersion: '1' }] },
      { prerequisites: [{ component: '__proto__', minVersion: '1' }] },
      { prerequisites: [{ component: 'constructor', minVersion: '1' }] },
      { prerequisites: [{ component: 'BMC', minVersion: '1', extra: { $ne: 1 } }, null] },
      { prerequisites: { 0: { component: 'BMC', minVersion: '1' } } },
      { prerequisites: null },
      {
        prerequisites: Array.from({ length: 10_000 }, (_, i) => ({
          component: `PCIE:PN-${i}`,
          minVersion: '1',
        })),
      },
      { installOrder: 2 ** 31 },
      { installOrder: 1e308 },
      { installOrder: 1.5 },
      { installOrder: '1' },
      { rebootRequired: 'yes' },
    ];
    for (const body of bodies) {
      const answer = await callAs(t.app, publisher, 'PUT', url(versionId), body as object);
      expect(answer.status, JSON.stringify(body).slice(0, 120)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(body).slice(0, 120)).toBeLessThan(500);
    }
    // Prototype keys in the JSON itself, and ids past int32, negative, or not numbers.
    const raw = await t.app.inject({
      method: 'PUT',
      url: url(versionId),
      headers: { authorization: `Bearer ${publisher}`, 'content-type': 'application/json' },
      payload: '{"__proto__":{"rebootRequired":true},"constructor":{"prototype":{"x":1}}}',
    });
    expect(raw.statusCode).toBe(400);
    for (const id of ['2147483648', '99999999999999999999', '-1', '0', 'abc', '1e3', '0x10', long]) {
      const status = (await callAs(t.app, publisher, 'PUT', url(id), { rebootRequired: true })).status;
      expect(status, id.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(status, id.slice(0, 20)).toBeLessThan(500);
    }
    expect((await callAs(t.app, publisher, 'PUT', url(2_000_000_000), {})).status).toBe(404);
    const stored = await planOf();
    expect(JSON.stringify(stored.prerequisites)).not.toContain('__proto__');
    expect(stored.installOrder).toBeNull();
  });

  it("shows another company's customer no restricted SoftwareId and no part number of an unpublished version", async () => {
    const answer = await callAs<SoftwareIdMap>(t.app, customer, 'GET', '/api/fleet/software-ids');
    expect(answer.status).toBe(200);
    const text = JSON.stringify(answer.body.data);
    expect(text).toContain('CARD-FW');
    expect(text).toContain('PN-PUBLIC');
    for (const hidden of ['SECRET-FW', 'PN-SECRET', 'attack-secret', 'PN-UNANNOUNCED'])
      expect(text).not.toContain(hidden);
  });

  it('takes an audit report only from a session or a token with the inventory scope', async () => {
    const catalogToken = (
      await t.app.services.apiTokens.create(customerId, {
        name: 'cat',
        scopes: ['catalog:read'],
        expiresInDays: 1,
      })
    ).token;
    const report = {
      source: 'audit',
      servers: [{ sn: 'SN-ANY', components: [{ kind: 'BMC', version: '1' }] }],
    };
    const refused = await callAs(t.app, catalogToken, 'POST', '/api/fleet/inventory', report);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ErrorCode.API_TOKEN_SCOPE_MISSING);
    const softwareIds = await callAs(t.app, catalogToken, 'GET', '/api/fleet/software-ids');
    expect(softwareIds.status).toBe(403);
  });

  it('a page on another site: cookies, query tokens and a foreign Origin sign nobody in', async () => {
    for (const [method, path, payload, type] of [
      ['PUT', url(versionId), '{"rebootRequired":true}', 'application/json'],
      ['PUT', url(versionId), '{"rebootRequired":true}', 'text/plain'],
      ['POST', '/api/fleet/inventory/upload', 'sn,kind,version\nSN1,BMC,1\n', 'text/csv'],
      ['POST', '/api/fleet/inventory/upload', 'PK\u0003\u0004', 'application/octet-stream'],
      ['POST', '/api/fleet/inventory', '{"servers":[]}', 'text/plain'],
    ] as const) {
      const answer = await t.app.inject({
        method,
        url: `${path}?access_token=${publisher}&token=${publisher}`,
        headers: {
          origin: 'https://evil.example',
          referer: 'https://evil.example/page',
          cookie: `token=${publisher}; session=${publisher}; Authorization=Bearer%20${publisher}`,
          'content-type': type,
        },
        payload,
      });
      expect(answer.statusCode, `${method} ${path} ${type}`).toBe(401);
      // No CORS grant: a browser would not even let the page read the refusal.
      expect(answer.headers['access-control-allow-origin'], `${method} ${path}`).toBeUndefined();
    }
    expect((await planOf()).rebootRequired).toBe(false);
  });
});
