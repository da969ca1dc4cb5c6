import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogItemStats,
  catalogItems,
  catalogVersionModels,
  catalogVersions,
  downloadRecordCounts,
  downloadRecords,
  users,
} from '../../db/schema';
import { createItem, createModel, createVersion } from '../../test/catalog-factories';
import { createUser } from '../../test/factories';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

/** What the trigger-kept statistics must equal: the aggregate over the versions themselves. */
async function recomputed(t: TestApp) {
  const rows = await t.db
    .select({
      itemId: catalogVersions.itemId,
      status: catalogVersions.status,
      versions: sql<number>`count(*)::int`,
      newestVersionId: sql<number>`(array_agg(${catalogVersions.id} order by ${catalogVersions.releaseDate} desc, ${catalogVersions.id} desc))[1]`,
    })
    .from(catalogVersions)
    .groupBy(catalogVersions.itemId, catalogVersions.status)
    .orderBy(asc(catalogVersions.itemId), asc(catalogVersions.status));
  return rows;
}

async function kept(t: TestApp) {
  return t.db
    .select({
      itemId: catalogItemStats.itemId,
      status: catalogItemStats.status,
      versions: catalogItemStats.versions,
      newestVersionId: catalogItemStats.newestVersionId,
    })
    .from(catalogItemStats)
    .where(sql`${catalogItemStats.versions} > 0`)
    .orderBy(asc(catalogItemStats.itemId), asc(catalogItemStats.status));
}

describe.each(DRIVERS)('catalogue statistics kept by the trigger on %s', (driver) => {
  let t: TestApp;
  let items: Record<'bmc' | 'nic' | 'livecd', { id: number }>;
  let modelId: number;
  /** A new published version of `itemId`, its file in the store. */
  const addVersion = (itemId: number, version: string) =>
    createVersion(t.db, t.app.services.store, { itemId, version, size: 10 });
  beforeAll(async () => {
    t = await createTestApp(driver);
    // Items of three kinds with versions of every status, on several dates, linked to a model.
    items = {
      bmc: await createItem(t.db, { kind: 'BMC' }),
      nic: await createItem(t.db, { kind: 'NIC' }),
      livecd: await createItem(t.db, { kind: 'LIVECD' }),
    };
    modelId = (await createModel(t.db)).id;
    const versions = [
      { itemId: items.bmc.id, version: '1.0.0', releaseDate: '2026-01-10' },
      { itemId: items.bmc.id, version: '1.1.0', releaseDate: '2026-03-10' },
      { itemId: items.bmc.id, version: '1.2.0', releaseDate: '2026-03-10', status: 'draft' as const },
      { itemId: items.bmc.id, version: '0.9.0', releaseDate: '2025-12-01', status: 'recalled' as const },
      { itemId: items.nic.id, version: '2.0.0', releaseDate: '2026-02-01' },
      { itemId: items.livecd.id, version: '3.0.0', releaseDate: '2026-02-01' },
      { itemId: items.livecd.id, version: '3.1.0', releaseDate: '2026-04-01' },
    ];
    for (const version of versions)
      await createVersion(t.db, t.app.services.store, { ...version, modelIds: [modelId] });
  }, 60_000);
  afterAll(() => t.close());

  it('match the versions through inserts, status changes, date changes and deletes', async () => {
    expect(await kept(t)).toEqual(await recomputed(t));
    const newer = await addVersion(items.bmc.id, '9.0.0');
    await t.db
      .update(catalogVersions)
      .set({ releaseDate: '2030-01-01' })
      .where(eq(catalogVersions.id, newer.id));
    expect(await kept(t)).toEqual(await recomputed(t));
    await t.db.update(catalogVersions).set({ status: 'recalled' }).where(eq(catalogVersions.id, newer.id));
    expect(await kept(t)).toEqual(await recomputed(t));
    await t.db.delete(catalogVersions).where(eq(catalogVersions.id, newer.id));
    expect(await kept(t)).toEqual(await recomputed(t));
  });

  it('count each user downloads (counted records only), also after a user is deleted', async () => {
    const user = await createUser(t.db, { roleCodes: ['customer'] });
    const version = await addVersion(items.nic.id, '9.1.0');
    const record = {
      versionId: version.id,
      bytes: 1,
      range: '',
      status: 'complete',
      counted: true,
      createdAt: t.clock.now(),
    };
    await t.db.insert(downloadRecords).values([
      { ...record, userId: user.id },
      { ...record, userId: user.id },
      // Another connection of a download: a record, not a download.
      { ...record, userId: user.id, range: 'bytes=0-0', counted: false },
      { ...record, userId: null },
    ]);
    const countOf = async (userId: number) =>
      (await t.db.select().from(downloadRecordCounts).where(eq(downloadRecordCounts.userId, userId)))[0]
        ?.records;
    expect(await countOf(user.id)).toBe(2);
    const [one] = await t.db
      .select()
      .from(downloadRecords)
      .where(and(eq(downloadRecords.userId, user.id), eq(downloadRecords.counted, true)))
      .limit(1);
    await t.db.delete(downloadRecords).where(eq(downloadRecords.id, one!.id));
    expect(await countOf(user.id)).toBe(1);
    await t.db.delete(users).where(eq(users.id, user.id));
    expect(await countOf(user.id)).toBeUndefined();
  });

  it("keep each model link's item kind through new links, kind changes and a version moved to another item", async () => {
    /** Links whose kept kind differs from their item's kind: none, whatever was changed. */
    const stale = () =>
      t.db
        .select({ versionId: catalogVersionModels.versionId, kept: catalogVersionModels.itemKind })
        .from(catalogVersionModels)
        .innerJoin(catalogVersions, eq(catalogVersions.id, catalogVersionModels.versionId))
        .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
        .where(ne(catalogVersionModels.itemKind, catalogItems.kind));
    const linked = async (versionId: number) =>
      (
        await t.db
          .select({ kind: catalogVersionModels.itemKind })
          .from(catalogVersionModels)
          .where(eq(catalogVersionModels.versionId, versionId))
      ).map((row) => row.kind);
    expect((await t.db.select().from(catalogVersionModels)).length).toBeGreaterThan(0);
    expect(await stale()).toEqual([]);

    const version = await addVersion(items.bmc.id, '9.2.0');
    await t.db.insert(catalogVersionModels).values({ versionId: version.id, modelId });
    expect(await linked(version.id)).toEqual(['BMC']);

    await t.db.update(catalogItems).set({ kind: 'BIOS' }).where(eq(catalogItems.id, items.bmc.id));
    expect(await linked(version.id)).toEqual(['BIOS']);
    expect(await stale()).toEqual([]);

    await t.db
      .update(catalogVersions)
      .set({ itemId: items.nic.id })
      .where(eq(catalogVersions.id, version.id));
    expect(await linked(version.id)).toEqual(['NIC']);
    expect(await stale()).toEqual([]);
    await t.db.update(catalogItems).set({ kind: 'BMC' }).where(eq(catalogItems.id, items.bmc.id));
  });

  it('go with a deleted item', async () => {
    const item = items.livecd;
    expect(
      await t.db.select().from(catalogItemStats).where(eq(catalogItemStats.itemId, item.id)),
    ).not.toEqual([]);
    await t.db.delete(catalogItems).where(eq(catalogItems.id, item.id));
    expect(await t.db.select().from(catalogItemStats).where(eq(catalogItemStats.itemId, item.id))).toEqual(
      [],
    );
    expect(await kept(t)).toEqual(await recomputed(t));
  });
});
