import type { InventoryReportResult } from '@portal/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedComponentReports, installedComponents } from '../../db/schema';
import { createServer, referenceModel } from '../../test/catalog-factories';
import { createUser, organisationId } from '../../test/factories';
import { uploadInventory } from '../../test/inventory-upload';
import { callAs, tokenFor } from '../../test/requests';
import { adminToken, createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { pruneReportHistory } from './report-history.repository';
import { DAY_MS } from '../../lib/clock';
import { readInventoryFile } from './inventory-xlsx';

/**
 * Issue 40, growth: duplicates in one report are merged, the history keeps changes and drops
 * repeats and old readings (never a component's last), each account has a daily budget of
 * readings, and exports and bundles are rate limited per account; on both drivers.
 */
describe.each(DRIVERS)('inventory growth limits on %s', (driver) => {
  let t: TestApp;
  let sequence = 0;

  const customer = async (portal: TestApp, company: string) => {
    const user = await createUser(portal.db, { roleCodes: ['customer'], organisation: company });
    return { id: user.id, token: await tokenFor(portal.app, user.account, user.password) };
  };
  const server = async (portal: TestApp, company: string) => {
    const modelId = (await referenceModel(portal.db, 'M7-2U')).id;
    return (await createServer(portal.db, { modelId, customer: company, sn: `GROW${++sequence}` })).sn;
  };
  const report = (portal: TestApp, token: string, body: object, locale = 'en-US') =>
    callAs<InventoryReportResult>(portal.app, token, 'POST', '/api/fleet/inventory', body, locale);
  const history = (portal: TestApp, sn: string) =>
    portal.db
      .select()
      .from(installedComponentReports)
      .where(eq(installedComponentReports.sn, sn))
      .orderBy(asc(installedComponentReports.id));
  const current = (portal: TestApp, sn: string, component: string) =>
    portal.db
      .select()
      .from(installedComponents)
      .where(and(eq(installedComponents.sn, sn), eq(installedComponents.component, component)))
      .then((rows) => rows[0]);

  // Uploads are read in-thread, as the upload worker reads them: a worker per upload (~0.5 s of
  // CPU each in the tests) is what inventory-upload-limits.test.ts and
  // inventory-upload-apply.test.ts test.
  const fileChecks = { inventory: readInventoryFile };

  beforeAll(async () => {
    t = await createTestApp(driver, { fileChecks });
  });
  afterAll(() => t?.close());

  it('merges duplicates: 2,000 copies of one server × 20 slots write 20 history rows, the latest reading winning', async () => {
    const me = await customer(t, 'Dup Fleet');
    const sn = await server(t, 'Dup Fleet');
    const base = t.clock.now().getTime() - 3 * DAY_MS;
    const slots = (version: string) =>
      Array.from({ length: 20 }, (_, slot) => ({ kind: 'PCIE', pn: 'PN-DUP', slot: String(slot), version }));
    // Copies dated one minute apart, oldest first; then one older copy after them all.
    const copies = Array.from({ length: 2_000 }, (_, copy) => ({
      sn: copy % 2 ? sn.toLowerCase() : sn,
      seenAt: new Date(base + copy * 60_000).toISOString(),
      components: slots(`1.${copy}`),
    }));
    copies.push({ sn, seenAt: new Date(base).toISOString(), components: slots('0.0') });
    const answer = await report(t, me.token, { servers: copies });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ accepted: 1, changed: 20, unknown: [] });
    const rows = await history(t, sn);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((row) => row.version))).toEqual(new Set(['1.1999']));
    expect((await current(t, sn, 'PCIE:PN-DUP:7'))?.version).toBe('1.1999');

    // Two readings of the same moment: the later one in the report wins.
    const at = new Date(base + 2 * DAY_MS).toISOString();
    await report(t, me.token, {
      servers: [
        { sn, seenAt: at, components: [{ kind: 'BMC', version: '2.0' }] },
        { sn, seenAt: at, components: [{ kind: 'BMC', version: '2.1' }] },
      ],
    });
    expect((await history(t, sn)).filter((row) => row.component === 'BMC').map((row) => row.version)).toEqual(
      ['2.1'],
    );
    expect((await current(t, sn, 'BMC'))?.version).toBe('2.1');
  });

  it('keeps changes and drops repeats: the same version from the same source only refreshes the date', async () => {
    const me = await customer(t, 'Repeat Fleet');
    const sn = await server(t, 'Repeat Fleet');
    const bmc = (version: string, source = 'api') => ({
      source,
      servers: [{ sn, components: [{ kind: 'BMC', version }] }],
    });
    await report(t, me.token, bmc('1.0'));
    for (let round = 0; round < 3; round++) {
      t.clock.advance(3_600_000);
      expect((await report(t, me.token, bmc('1.0'))).body.data.changed).toBe(0);
    }
    expect((await history(t, sn)).map((row) => row.version)).toEqual(['1.0']);
    // The current row still tells when the version was last seen.
    expect((await current(t, sn, 'BMC'))?.seenAt).toEqual(t.clock.now());

    t.clock.advance(3_600_000);
    await report(t, me.token, bmc('1.1'));
    // Another source saying the same version is news: who says it changed.
    t.clock.advance(3_600_000);
    await report(t, me.token, bmc('1.1', 'audit'));
    t.clock.advance(3_600_000);
    await report(t, me.token, bmc('1.1', 'audit'));
    expect((await history(t, sn)).map((row) => [row.version, row.source])).toEqual([
      ['1.0', 'api'],
      ['1.1', 'api'],
      ['1.1', 'audit'],
    ]);
  });

  it('prunes readings older than INVENTORY_HISTORY_DAYS in batches, never the last of a component', async () => {
    const me = await customer(t, 'Prune Fleet');
    const sn = await server(t, 'Prune Fleet');
    const start = t.clock.now().getTime();
    const at = (days: number) => new Date(start - days * DAY_MS).toISOString();
    for (const [days, version] of [
      [500, '1.0'],
      [450, '1.1'],
      [400, '1.2'],
      [10, '1.3'],
    ] as const)
      await report(t, me.token, {
        servers: [{ sn, seenAt: at(days), components: [{ kind: 'BMC', version }] }],
      });
    // A component last read long ago keeps that reading, however old.
    await report(t, me.token, {
      servers: [
        { sn, seenAt: at(600), components: [{ kind: 'BIOS', version: '3.0' }] },
        { sn, seenAt: at(700), components: [{ kind: 'PSU', version: '0.9' }] },
      ],
    });
    await report(t, me.token, {
      servers: [{ sn, seenAt: at(550), components: [{ kind: 'PSU', version: '1.0' }] }],
    });
    expect(await history(t, sn)).toHaveLength(7);

    // One row per batch: the round goes on until nothing is left to remove.
    expect(await pruneReportHistory(t.db, t.clock, 365, 1)).toBe(4);
    expect((await history(t, sn)).map((row) => [row.component, row.version])).toEqual([
      ['BMC', '1.3'],
      ['BIOS', '3.0'],
      ['PSU', '1.0'],
    ]);

    // The housekeeping round does the same with the setting (default 365 days).
    t.clock.advance(400 * DAY_MS);
    await t.app.services.housekeeping.start();
    await t.app.services.housekeeping.stop();
    expect((await history(t, sn)).map((row) => [row.component, row.version])).toEqual([
      ['BMC', '1.3'],
      ['BIOS', '3.0'],
      ['PSU', '1.0'],
    ]);
  });

  it('limits exports and bundle requests per account: the 11th in a minute is 429 with Retry-After', async () => {
    const me = await customer(t, 'Export Fleet');
    const other = await customer(t, 'Export Other');
    const export_ = (token: string) => callAs(t.app, token, 'GET', '/api/fleet/export?format=json');
    for (let i = 0; i < 10; i++) expect((await export_(me.token)).status).toBe(200);
    const refused = await export_(me.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/Too many requests/);
    // Counted per account: another customer is not held up.
    expect((await export_(other.token)).status).toBe(200);
    t.clock.advance(61_000);
    expect((await export_(me.token)).status).toBe(200);

    // Nothing is missing on the other customer's (empty) fleet: each request still counts.
    const bundle = () => callAs(t.app, other.token, 'POST', '/api/fleet/bundle', { sns: ['NOT-MINE-1'] });
    for (let i = 0; i < 10; i++) expect((await bundle()).status).toBe(409);
    const tooMany = await bundle();
    expect(tooMany.status).toBe(429);
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);

    const admin = await adminToken(t.app);
    const org = await organisationId(t.db, 'Export Fleet');
    const staffExport = () => callAs(t.app, admin, 'GET', `/api/staff/fleet/orgs/${org}/export?format=json`);
    for (let i = 0; i < 10; i++) expect((await staffExport()).status).toBe(200);
    const staffRefused = await staffExport();
    expect(staffRefused.status).toBe(429);
    expect(Number(staffRefused.headers['retry-after'])).toBeGreaterThan(0);
  });

  describe('with a daily budget of 25 readings', () => {
    let small: TestApp;
    beforeAll(async () => {
      small = await createTestApp(driver, { config: { INVENTORY_REPORT_BUDGET_PER_DAY: 25 }, fileChecks });
    });
    afterAll(() => small?.close());

    it('refuses what does not fit with 429, Retry-After and a message in the reader’s language, for API, upload and audit alike', async () => {
      const me = await customer(small, 'Budget Fleet');
      const sn = await server(small, 'Budget Fleet');
      const lines = (count: number, version = '1.0') =>
        Array.from({ length: count }, (_, slot) => ({
          kind: 'PCIE',
          pn: 'PN-B',
          slot: String(slot),
          version,
        }));
      // 100 copies of 20 readings are 20 readings.
      const copies = Array.from({ length: 100 }, () => ({ sn, components: lines(20) }));
      expect((await report(small, me.token, { servers: copies })).status).toBe(200);

      const over = await report(small, me.token, { servers: [{ sn, components: lines(10, '2.0') }] });
      expect(over.status).toBe(429);
      expect(over.body.code).toBe(1029002);
      expect(over.body.message).toMatch(/daily budget of 25 component readings/);
      const seconds = Number(over.headers['retry-after']);
      expect(seconds).toBeGreaterThan(DAY_MS / 1000 - 60);
      expect(seconds).toBeLessThanOrEqual(DAY_MS / 1000);
      const zh = await report(small, me.token, { servers: [{ sn, components: lines(10, '2.0') }] }, 'zh-CN');
      expect(zh.body.message).toMatch(/每日 25 条部件版本/);
      // Nothing of a refused report was stored.
      expect((await current(small, sn, 'PCIE:PN-B:0'))?.version).toBe('1.0');
      expect(await history(small, sn)).toHaveLength(20);

      const audit = await report(small, me.token, {
        source: 'audit',
        servers: [{ sn, components: lines(6, '2.0') }],
      });
      expect(audit.status).toBe(429);
      const upload = (csv: string, dryRun: '0' | '1') =>
        uploadInventory(small.app, me.token, csv, { dryRun });
      const csv = [
        'sn,kind,pn,slot,version,seen_at',
        ...lines(6).map((_, i) => `${sn},PCIE,PN-C,${i},3.0,`),
      ].join('\n');
      // A dry run writes nothing and takes nothing; applying it does not fit.
      const dry = await upload(csv, '1');
      expect(dry.status).toBe(200);
      expect(dry.body.data.changed).toBe(6);
      const applied = await upload(csv, '0');
      expect(applied.status).toBe(429);
      expect(applied.headers['retry-after']).toBeDefined();

      // What is left of the day (5) still takes a report that fits; the next day starts afresh.
      expect((await report(small, me.token, { servers: [{ sn, components: lines(5, '2.0') }] })).status).toBe(
        200,
      );
      expect((await report(small, me.token, { servers: [{ sn, components: lines(1, '3.0') }] })).status).toBe(
        429,
      );
      // Another account has a budget of its own.
      const other = await customer(small, 'Budget Other');
      const theirs = await server(small, 'Budget Other');
      expect(
        (await report(small, other.token, { servers: [{ sn: theirs, components: lines(25) }] })).status,
      ).toBe(200);
      small.clock.advance(DAY_MS);
      expect((await upload(csv, '0')).status).toBe(200);
    });
  });
});
