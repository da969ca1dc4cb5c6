import type { Activation, Entitlement, MaintenanceRemain } from '@portal/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, DEMO_PASSWORD, DRIVERS } from '../../test/test-app';
import { catalogVersions, releaseNotes, serialNumbers } from '../schema';
import { demoCatalogItems } from './catalog-seed-data';
import { demoEntitlements, demoReleaseNotes, demoSerialNumbers } from './seed-data';
import { daysFrom, seedDay, yearsFrom } from './seed-dates';
import { DAY_MS } from '../../lib/clock';

const OWN_SN = 'M7S2U24000101';
const EXPIRED_SN = 'M6S1U22000417';

/** Whole days from the day of `now` to `day` (negative once past). */
const daysUntil = (day: string, now: Date) =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${seedDay(now)}T00:00:00Z`)) / DAY_MS);

const endsOf = (now: Date) =>
  Object.fromEntries(demoSerialNumbers(now).map((serial) => [serial.sn, serial.maintenanceEnd]));

describe('seed dates', () => {
  it('counts UTC calendar days', () => {
    expect(seedDay(new Date('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25');
    expect(seedDay(new Date('2026-11-26T00:00:00Z'))).toBe('2026-11-26');
    expect(daysFrom('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysFrom('2028-02-28', 1)).toBe('2028-02-29');
    expect(yearsFrom('2024-03-18', 3)).toBe('2027-03-18');
    expect(yearsFrom('2028-02-29', 1)).toBe('2029-03-01');
  });

  it('seeded on the day the demo was written, gives the dates it was written with', () => {
    // A pinned day, not today: this stays true however late the test runs.
    const written = new Date('2026-11-25T09:30:00Z');
    expect(
      demoSerialNumbers(written).map(({ sn, shipDate, maintenanceEnd }) => [sn, shipDate, maintenanceEnd]),
    ).toEqual([
      ['M7S2U24000101', '2024-03-18', '2027-03-17'],
      ['M6S1U22000417', '2022-06-02', '2025-06-01'],
      ['A7S2U25000033', '2025-01-09', '2030-01-08'],
      ['M7S4U24000877', '2024-11-20', '2027-11-19'],
      ['M6S2U21001290', '2021-09-14', '2026-09-13'],
    ]);
    expect(demoEntitlements(written).map((e) => [e.contractNo, e.maintenanceEnd])).toEqual([
      ['DEMO-IMS-2024-001', '2027-03-17'],
      ['DEMO-IMS-2022-007', '2025-06-01'],
      ['DEMO-IMS-TRIAL', '2027-03-17'],
      ['NW-IMS-2025-003', '2030-01-08'],
    ]);
    expect(demoReleaseNotes(written).map((r) => [r.version, r.releasedAt.toISOString()])).toEqual([
      ['v1.0.0', '2026-11-01T00:00:00.000Z'],
      ['v1.1.0', '2026-11-20T00:00:00.000Z'],
    ]);
    const items = demoCatalogItems(written);
    const release = (code: string) => items.find((i) => i.code === code)?.versions.map((v) => v.releaseDate);
    expect(release('m7-bmc')).toEqual(['2025-03-10', '2025-09-22', '2026-06-15']);
    expect(release('ims-platform')).toEqual(['2025-04-30', '2025-12-12', '2026-09-09']);
    expect(release('fw-update-tool')).toEqual(['2025-10-10', '2026-10-20']);
  });

  // Today, two years on, a leap day, and far ahead: the demo means the same on each.
  const days = [
    new Date(),
    new Date(Date.now() + 2 * 365 * DAY_MS),
    new Date('2028-02-29T12:00:00Z'),
    new Date('2041-07-04T23:59:00Z'),
  ];

  it.each(days)('keeps what is running running and what has ended ended, seeded on %s', (now) => {
    const ends = endsOf(now);
    // The demo customer's M7 has some 112 days of maintenance left; its M6's ended long ago.
    expect(daysUntil(ends[OWN_SN] ?? '', now)).toBeGreaterThanOrEqual(111);
    expect(daysUntil(ends[OWN_SN] ?? '', now)).toBeLessThanOrEqual(113);
    expect(daysUntil(ends[EXPIRED_SN] ?? '', now)).toBeLessThan(-500);
    expect(daysUntil(ends['A7S2U25000033'] ?? '', now)).toBeGreaterThan(1000);
    expect(daysUntil(ends['M7S4U24000877'] ?? '', now)).toBeGreaterThan(300);
    expect(daysUntil(ends['M6S2U21001290'] ?? '', now)).toBeLessThan(0);
    for (const serial of demoSerialNumbers(now)) expect(daysUntil(serial.shipDate, now)).toBeLessThan(0);
    for (const entitlement of demoEntitlements(now))
      expect(entitlement.maintenanceEnd).toBe(ends[entitlement.serials[0] ?? '']);
    for (const release of demoReleaseNotes(now)) expect(release.releasedAt.getTime()).toBeLessThan(+now);
  });

  it.each(days)('keeps every catalogue release in the past and in the same order, seeded on %s', (now) => {
    const order = (items: ReturnType<typeof demoCatalogItems>) =>
      items
        .flatMap((item) =>
          item.versions.map((v) => ({ key: `${item.code}@${v.version}`, day: v.releaseDate })),
        )
        .sort((a, b) => a.day.localeCompare(b.day) || a.key.localeCompare(b.key))
        .map((v) => v.key);
    const items = demoCatalogItems(now);
    for (const version of items.flatMap((item) => item.versions))
      expect(daysUntil(version.releaseDate, now)).toBeLessThan(0);
    expect(order(items)).toEqual(order(demoCatalogItems(new Date('2026-11-25T00:00:00Z'))));
  });
});

describe.each(DRIVERS)('the demo seeded two years from now on %s', (driver) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('still lets the demo customer activate: entitlements current, maintenance running', async () => {
    const now = new Date(Date.now() + 2 * 365 * DAY_MS);
    // The demo data (customer and catalogue) is what this test is about.
    const t = await createTestApp(driver, { now, demo: true, catalog: true });
    close = t.close;
    const { app, database } = t;
    const today = seedDay(now);

    const token = await tokenFor(app, 'demo', DEMO_PASSWORD);
    const entitlements = await withToken<Entitlement[]>(app, token, { url: '/api/activation/entitlements' });
    const paid = entitlements.body.data.find((e) => e.contractNo === 'DEMO-IMS-2024-001');
    expect((paid?.maintenanceEnd ?? '') > today).toBe(true);
    const maintenance = (sn: string) =>
      withToken<MaintenanceRemain>(app, token, {
        url: `/api/activation/maintenance?product=ims-platform&sn=${sn}&locale=en-US`,
      });
    const own = (await maintenance(OWN_SN)).body.data;
    expect(own.maintenanceEnd).toBe(paid?.maintenanceEnd);
    expect(own.remainingDays).toBeGreaterThan(100);
    // The deliberately ended one is still ended.
    expect((await maintenance(EXPIRED_SN)).body.data.remainingDays).toBeLessThan(0);

    // A trial licence is issued, and runs its 30 days (within the maintenance period).
    const trial = await withToken<Activation>(app, token, {
      method: 'POST',
      url: '/api/activation/trial?locale=en-US',
      payload: {
        sn: OWN_SN,
        machineCode: 'FUTURE1',
        nodes: '4',
        product: 'ims-platform',
        version: '6.1.0',
        customerName: 'Demo Cloud Co., Ltd.',
        contacts: 'Li Lei',
        contactInfo: '+86 138 0000 0000',
      },
    });
    expect(trial.status).toBe(200);
    expect(trial.body.data.validThrough).toBe(daysFrom(today, 30));

    // Ship dates, portal releases and catalogue releases all lie before the day of seeding.
    const ships = await database.db.select({ day: serialNumbers.shipDate }).from(serialNumbers);
    expect(ships.every((row) => row.day !== null && row.day < today)).toBe(true);
    const notes = await database.db.select({ at: releaseNotes.releasedAt }).from(releaseNotes);
    expect(notes.every((row) => row.at < now)).toBe(true);
    const versions = await database.db
      .select({ day: catalogVersions.releaseDate, at: catalogVersions.publishedAt })
      .from(catalogVersions);
    expect(versions.length).toBeGreaterThan(0);
    expect(versions.every((row) => row.day < today && (row.at === null || row.at < now))).toBe(true);
  }, 180_000); // a whole demo seeded at that date, not the template: over 30 s on PGlite in a loaded CI run
});
