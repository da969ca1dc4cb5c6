import { asc } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogItems } from '../../db/schema';
import { createUser } from '../../test/factories';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { ANONYMOUS, CatalogAccess, type Viewer } from './catalog-access';

describe.each(DRIVERS)('catalogue visibility on %s', (driver) => {
  let t: TestApp;
  let access: CatalogAccess;
  beforeEach(async () => {
    t = await createTestApp(driver, { catalog: true });
    access = new CatalogAccess(t.db);
  });
  afterEach(() => t.close());

  const visibleCodes = async (viewer: Viewer) => {
    const rows = await t.db
      .select({ code: catalogItems.code })
      .from(catalogItems)
      .where(access.visibleItems(viewer))
      .orderBy(asc(catalogItems.code));
    return rows.map((row) => row.code);
  };
  const restricted = ['m7-bmc-early-access', 'm7-4u-gpu-bios-lab'];
  const userId = async (account: string) =>
    (
      await t.app.services.access.loginUser(
        (await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.account, account) }))?.id ?? 0,
        'en-US',
      )
    ).id;

  it('shows only public items to anonymous visitors', async () => {
    expect(await visibleCodes(ANONYMOUS)).toEqual(['ims-cli', 'livecd-x86']);
  });

  it('shows restricted items only through a grant: company, role, or a verified SN of the model', async () => {
    const demo = await access.viewerOf(await userId('demo'));
    const demoCodes = await visibleCodes(demo);
    expect(demoCodes).toContain('m7-bmc-early-access'); // granted to the demo company
    expect(demoCodes).not.toContain('m7-4u-gpu-bios-lab');
    expect(demoCodes).toContain('m7-bmc');

    const lab = await createUser(t.db, {
      roleCodes: ['customer'],
      organisation: 'Contoso Research Institute',
    });
    expect(await visibleCodes(await access.viewerOf(lab.id))).not.toContain('m7-4u-gpu-bios-lab');
    await t.app.services.serials.bind(lab.id, 'M7S4U24000877', 'en-US');
    const labViewer = await access.viewerOf(lab.id);
    expect(await visibleCodes(labViewer)).toContain('m7-4u-gpu-bios-lab');
    expect(await visibleCodes(labViewer)).not.toContain('m7-bmc-early-access');

    // A pending (unverified) SN of the model grants nothing.
    const stranger = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Someone Else' });
    await t.app.services.serials.bind(stranger.id, 'M7S4U24000877', 'en-US');
    expect(await visibleCodes(await access.viewerOf(stranger.id))).not.toContain('m7-4u-gpu-bios-lab');

    const staff = await createUser(t.db, { roleCodes: ['staff'] });
    const staffCodes = await visibleCodes(await access.viewerOf(staff.id));
    for (const code of restricted) expect(staffCodes).toContain(code);
  });

  it('gives the same answer for one loaded item as the list condition', async () => {
    const items = await t.db.select().from(catalogItems);
    const demo = await access.viewerOf(await userId('demo'));
    const listed = new Set(await visibleCodes(demo));
    for (const item of items) expect(await access.canSee(demo, item)).toBe(listed.has(item.code));
    for (const item of items) expect(await access.canSee(ANONYMOUS, item)).toBe(item.visibility === 'public');
  });
});
