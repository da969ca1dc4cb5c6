import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogItemGrants, catalogItems, catalogVersions } from '../../db/schema';
import { publishedItem } from '../../test/download-fixtures';
import { createUser } from '../../test/factories';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { scopeKeyOf } from './catalog-list-cache';

const QUERY = { pageNo: 1, pageSize: 100, sortField: 'releaseDate' } as const;
const INSIDER_COMPANY = 'Contoso Cloud Co., Ltd.';

describe.each(DRIVERS)('the cached catalogue list on %s', (driver) => {
  let t: TestApp;
  /** A customer of the company the restricted item is granted to. */
  let insiderId: number;
  /** The restricted item granted to the insider's company: the only one a stranger must not see. */
  let grantedCode: string;
  beforeEach(async () => {
    t = await createTestApp(driver);
    await publishedItem(t, { visibility: 'public' });
    await publishedItem(t, { visibility: 'signed_in' });
    grantedCode = (
      await publishedItem(t, { visibility: 'restricted', grants: [['customer', INSIDER_COMPANY]] })
    ).item.code;
    insiderId = (await createUser(t.db, { roleCodes: ['customer'], organisation: INSIDER_COMPANY })).id;
  });
  afterEach(() => t.close());

  const list = async (userId: number | null) => {
    const { catalog } = t.app.services;
    return catalog.list(await catalog.viewerOf(userId), { ...QUERY }, 'en-US');
  };
  const codes = async (userId: number | null) => [
    ...new Set((await list(userId)).rows.map((row) => row.itemCode)),
  ];

  /** Items the insider sees through its company's grants and a stranger does not. */
  const grantedToInsider = async (outsiderId: number) => {
    const outsider = new Set(await codes(outsiderId));
    return (await codes(insiderId)).filter((code) => !outsider.has(code));
  };

  it('never hands one customer a page cached for another with other grants', async () => {
    const outsider = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Someone Else' });
    const insiderView = await t.app.services.catalog.viewerOf(insiderId);
    const outsiderView = await t.app.services.catalog.viewerOf(outsider.id);
    expect(scopeKeyOf(insiderView)).not.toBe(scopeKeyOf(outsiderView));
    const onlyInsider = await grantedToInsider(outsider.id);
    expect(onlyInsider).toEqual([grantedCode]);
    // Asked again in the other order (now from the caches): still nothing crosses over.
    const outsiderCodes = await codes(outsider.id);
    for (const code of onlyInsider) expect(outsiderCodes).not.toContain(code);
    for (const code of onlyInsider) expect(await codes(null)).not.toContain(code);
    expect(await codes(insiderId)).toEqual(expect.arrayContaining(onlyInsider));
  });

  it('shows a change at once: a revoked grant, a new version, a download counted', async () => {
    const outsider = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Someone Else' });
    const [code] = await grantedToInsider(outsider.id);
    if (!code) throw new Error('nothing is granted to the insider company alone');
    const [item] = await t.db.select().from(catalogItems).where(eq(catalogItems.code, code));
    if (!item) throw new Error(`no item ${code}`);
    await t.db.delete(catalogItemGrants).where(eq(catalogItemGrants.itemId, item.id));
    expect(await codes(insiderId)).not.toContain(code);

    const before = await list(null);
    const [first] = before.rows;
    if (!first) throw new Error('no public version');
    await t.db
      .update(catalogVersions)
      .set({ downloadCount: sql`${catalogVersions.downloadCount} + 41` })
      .where(eq(catalogVersions.id, first.versionId));
    const counted = (await list(null)).rows.find((row) => row.versionId === first.versionId);
    expect(counted?.downloadCount).toBe(first.downloadCount + 41);

    await t.db
      .update(catalogVersions)
      .set({ fileName: 'renamed.iso' })
      .where(eq(catalogVersions.id, first.versionId));
    const renamed = (await list(null)).rows.find((row) => row.versionId === first.versionId);
    expect(renamed?.fileName).toBe('renamed.iso');
    expect((await list(null)).totalRows).toBe(before.totalRows);
  });
});
