import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogItemGrants, catalogItems, catalogVersions } from '../../db/schema';
import { createUser } from '../../test/factories';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { scopeKeyOf } from './catalog-list-cache';

const QUERY = { pageNo: 1, pageSize: 100, sortField: 'releaseDate' } as const;

describe.each(DRIVERS)('the cached catalogue list on %s', (driver) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(driver, { catalog: true });
  });
  afterEach(() => t.close());

  const list = async (userId: number | null) => {
    const { catalog } = t.app.services;
    return catalog.list(await catalog.viewerOf(userId), { ...QUERY }, 'en-US');
  };
  const codes = async (userId: number | null) => [
    ...new Set((await list(userId)).rows.map((row) => row.itemCode)),
  ];

  const demoId = async () =>
    (await t.db.query.users.findFirst({ where: (u, { eq: equals }) => equals(u.account, 'demo') }))?.id ?? 0;
  /** Items the demo customer sees through its company's grants and a stranger does not. */
  const grantedToDemo = async (outsiderId: number) => {
    const outsider = new Set(await codes(outsiderId));
    return (await codes(await demoId())).filter((code) => !outsider.has(code));
  };

  it('never hands one customer a page cached for another with other grants', async () => {
    const outsider = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Someone Else' });
    const insiderView = await t.app.services.catalog.viewerOf(await demoId());
    const outsiderView = await t.app.services.catalog.viewerOf(outsider.id);
    expect(scopeKeyOf(insiderView)).not.toBe(scopeKeyOf(outsiderView));
    const onlyDemo = await grantedToDemo(outsider.id);
    expect(onlyDemo.length).toBeGreaterThan(0);
    // Asked again in the other order (now from the caches): still nothing crosses over.
    const outsiderCodes = await codes(outsider.id);
    for (const code of onlyDemo) expect(outsiderCodes).not.toContain(code);
    for (const code of onlyDemo) expect(await codes(null)).not.toContain(code);
    expect(await codes(await demoId())).toEqual(expect.arrayContaining(onlyDemo));
  });

  it('shows a change at once: a revoked grant, a new version, a download counted', async () => {
    const outsider = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Someone Else' });
    const [code] = await grantedToDemo(outsider.id);
    if (!code) throw new Error('the seed grants the demo company nothing of its own');
    const [item] = await t.db.select().from(catalogItems).where(eq(catalogItems.code, code));
    if (!item) throw new Error('seed changed');
    await t.db.delete(catalogItemGrants).where(eq(catalogItemGrants.itemId, item.id));
    expect(await codes(await demoId())).not.toContain(code);

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
