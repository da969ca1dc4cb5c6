import { asc } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogItems } from '../../db/schema';
import { createItem, createModel, createServer } from '../../test/catalog-factories';
import { grantItem } from '../../test/download-fixtures';
import { createUser } from '../../test/factories';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { ANONYMOUS, CatalogAccess, type Viewer } from './catalog-access';

const CUSTOMER_COMPANY = 'Contoso Cloud Co., Ltd.';
const LAB_COMPANY = 'Contoso Research Institute';

describe.each(DRIVERS)('catalogue visibility on %s', (driver) => {
  let t: TestApp;
  let access: CatalogAccess;
  /** Codes of the items built below, by who may see them. */
  let codes: { public: string[]; signedIn: string; earlyAccess: string; lab: string };
  /** A customer of the company the early-access item is granted to. */
  let customerId: number;
  /** A server of the model the lab item is granted to, shipped to the lab. */
  let labSn: string;
  beforeEach(async () => {
    t = await createTestApp(driver);
    access = new CatalogAccess(t.db);
    const publicItems = [
      await createItem(t.db, { kind: 'SOFTWARE', visibility: 'public' }),
      await createItem(t.db, { kind: 'LIVECD', visibility: 'public' }),
    ];
    const signedIn = await createItem(t.db, { kind: 'BMC', visibility: 'signed_in' });
    const earlyAccess = await createItem(t.db, { kind: 'BMC', visibility: 'restricted' });
    await grantItem(t.db, earlyAccess.id, ['customer', CUSTOMER_COMPANY]);
    const labModel = await createModel(t.db);
    const lab = await createItem(t.db, { kind: 'BIOS', visibility: 'restricted' });
    await grantItem(t.db, lab.id, ['model', labModel.code]);
    await grantItem(t.db, lab.id, ['role', 'staff']);
    codes = {
      public: publicItems.map((item) => item.code).sort(),
      signedIn: signedIn.code,
      earlyAccess: earlyAccess.code,
      lab: lab.code,
    };
    customerId = (await createUser(t.db, { roleCodes: ['customer'], organisation: CUSTOMER_COMPANY })).id;
    labSn = (await createServer(t.db, { modelId: labModel.id, customer: LAB_COMPANY })).sn;
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

  it('shows only public items to anonymous visitors', async () => {
    expect(await visibleCodes(ANONYMOUS)).toEqual(codes.public);
  });

  it('shows restricted items only through a grant: company, role, or a verified SN of the model', async () => {
    const customerCodes = await visibleCodes(await access.viewerOf(customerId));
    expect(customerCodes).toContain(codes.earlyAccess); // granted to the customer's company
    expect(customerCodes).not.toContain(codes.lab);
    expect(customerCodes).toContain(codes.signedIn);

    const lab = await createUser(t.db, { roleCodes: ['customer'], organisation: LAB_COMPANY });
    expect(await visibleCodes(await access.viewerOf(lab.id))).not.toContain(codes.lab);
    await t.app.services.serials.bind(lab.id, labSn, 'en-US');
    const labViewer = await access.viewerOf(lab.id);
    expect(await visibleCodes(labViewer)).toContain(codes.lab);
    expect(await visibleCodes(labViewer)).not.toContain(codes.earlyAccess);

    // A pending (unverified) SN of the model grants nothing.
    const stranger = await createUser(t.db, { roleCodes: ['customer'], organisation: 'Someone Else' });
    await t.app.services.serials.bind(stranger.id, labSn, 'en-US');
    expect(await visibleCodes(await access.viewerOf(stranger.id))).not.toContain(codes.lab);

    const staff = await createUser(t.db, { roleCodes: ['staff'] });
    const staffCodes = await visibleCodes(await access.viewerOf(staff.id));
    for (const code of [codes.earlyAccess, codes.lab]) expect(staffCodes).toContain(code);
  });

  it('gives the same answer for one loaded item as the list condition', async () => {
    const items = await t.db.select().from(catalogItems);
    const customer = await access.viewerOf(customerId);
    const listed = new Set(await visibleCodes(customer));
    for (const item of items) expect(await access.canSee(customer, item)).toBe(listed.has(item.code));
    for (const item of items) expect(await access.canSee(ANONYMOUS, item)).toBe(item.visibility === 'public');
  });
});
