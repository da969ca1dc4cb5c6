import type { CatalogVersionRow, Page } from '@portal/contract';
import { and, desc, eq, ilike, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogItems, catalogVersions } from '../../db/schema';
import { signedInUser } from '../../test/download-fixtures';
import { withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { KEYWORD_PLAN_MAX_ROWS } from './catalog-keyword-page';

const TERM = 'Qzephyr';

/** Items and versions found by TERM: by item name, by file name, both, and hidden ones. */
async function seedMatches(t: TestApp) {
  const item = async (code: string, nameEn: string, visibility: string) => {
    const [row] = await t.db
      .insert(catalogItems)
      .values({ code, kind: 'BMC', nameZh: `${nameEn} 固件`, nameEn, visibility })
      .returning();
    return row?.id ?? 0;
  };
  const named = await item('kw-named', `${TERM} Alpha BMC`, 'public');
  const secondNamed = await item('kw-named-2', `Beta ${TERM.toLowerCase()} BMC`, 'public');
  const solos: number[] = [];
  for (const n of [1, 2, 3, 4, 5]) solos.push(await item(`kw-solo-${n}`, `Solo ${n} ${TERM} NIC`, 'public'));
  const hidden = await item('kw-hidden', `${TERM} restricted`, 'restricted');
  const other = await item('kw-other', 'Plain BMC', 'public');
  let n = 0;
  const version = (itemId: number, day: number, fileName: string, status = 'published') => {
    n += 1;
    return {
      itemId,
      version: `1.${n}.0`,
      status,
      releaseDate: `2031-01-${String(day).padStart(2, '0')}`,
      fileCategory: 'firmware',
      fileName,
      fileSize: 100,
      sha256: 'a'.repeat(64),
      md5: 'b'.repeat(32),
      storageKey: `kw/${n}.bin`,
    };
  };
  await t.db.insert(catalogVersions).values([
    // 24 versions of a named item, several on the same day (the id decides between them).
    ...Array.from({ length: 24 }, (_, i) => version(named, 1 + (i % 12), `alpha-${i}.tar.gz`)),
    // One that matches by its file name too: still listed once.
    version(named, 20, `${TERM.toLowerCase()}-alpha.tar.gz`),
    ...Array.from({ length: 6 }, (_, i) => version(secondNamed, 3 + i, `beta-${i}.tar.gz`)),
    // Five named items of one version each, newer than the other named items' versions: a page
    // of one row deep in them needs that many items.
    ...solos.map((itemId, i) => version(itemId, 21 + i, `solo-${i}.tar.gz`)),
    // Found by file name only.
    version(other, 5, `plain-${TERM}.tar.gz`),
    version(other, 28, `plain-${TERM}-2.tar.gz`),
    version(other, 9, 'plain-unrelated.tar.gz'),
    // Not for customers: a draft of a named item, a restricted item's version.
    version(named, 30, 'alpha-draft.tar.gz', 'draft'),
    version(hidden, 15, 'hidden.tar.gz'),
  ]);
}

describe.each(DRIVERS)('keyword search without reading every match on %s', (driver) => {
  let t: TestApp;
  let customer: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    customer = (await signedInUser(t)).token;
    await seedMatches(t);
  }, 60_000);
  afterAll(() => t.close());

  const list = async (query: string) => {
    const answer = await withToken<Page<CatalogVersionRow>>(t.app, customer, {
      url: `/api/catalog/versions?q=${TERM}&${query}`,
    });
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  /** What the customer must get: published versions of public items whose name or file name matches. */
  async function expected() {
    const pattern = `%${TERM}%`;
    const rows = await t.db
      .select({ id: catalogVersions.id })
      .from(catalogVersions)
      .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
      .where(
        and(
          eq(catalogVersions.status, 'published'),
          eq(catalogItems.visibility, 'public'),
          or(
            ilike(catalogItems.nameEn, pattern),
            ilike(catalogItems.nameZh, pattern),
            ilike(catalogVersions.fileName, pattern),
          ),
        ),
      )
      .orderBy(desc(catalogVersions.releaseDate), desc(catalogVersions.id));
    return rows.map((row) => row.id);
  }

  it('counts and pages item-name and file-name matches in date order, newest first and oldest first', async () => {
    const ids = await expected();
    expect(ids).toHaveLength(38);
    const pages = await Promise.all([1, 2, 3, 4].map((pageNo) => list(`pageSize=10&pageNo=${pageNo}`)));
    expect(pages.map((page) => page.totalRows)).toEqual([38, 38, 38, 38]);
    expect(pages.flatMap((page) => page.rows.map((row) => row.versionId))).toEqual(ids);

    const oldestFirst = await Promise.all(
      [1, 2, 3, 4].map((pageNo) =>
        list(`pageSize=10&pageNo=${pageNo}&sortField=releaseDate&sortOrder=ascend`),
      ),
    );
    expect(oldestFirst.flatMap((page) => page.rows.map((row) => row.versionId))).toEqual([...ids].reverse());

    const past = await list('pageSize=10&pageNo=5');
    expect([past.rows, past.totalRows]).toEqual([[], 38]);

    // Small pages read only the items whose newest versions lead: still every match, in order.
    for (const pageSize of [1, 3]) {
      const small = await Promise.all(
        Array.from({ length: Math.ceil(ids.length / pageSize) }, (_, i) =>
          list(`pageSize=${pageSize}&pageNo=${i + 1}`),
        ),
      );
      expect(small.flatMap((page) => page.rows.map((row) => row.versionId))).toEqual(ids);
    }
  });

  it('leaves deeper pages to the general plan with the same total, and applies item filters to both halves', async () => {
    const ids = await expected();
    // Past KEYWORD_PLAN_MAX_ROWS the general plan answers: same order, same total.
    const pageSize = 10;
    const deepPageNo = Math.floor(KEYWORD_PLAN_MAX_ROWS / pageSize) + 1;
    const deep = await list(`pageSize=${pageSize}&pageNo=${deepPageNo}`);
    expect(deep.totalRows).toBe(ids.length);
    const onePage = await list('pageSize=100&pageNo=1');
    expect(onePage.rows.map((row) => row.versionId)).toEqual(ids);

    expect((await list('kind=BIOS')).totalRows).toBe(0);
    expect((await list('item=kw-other')).rows.map((row) => row.fileName)).toEqual([
      `plain-${TERM}-2.tar.gz`,
      `plain-${TERM}.tar.gz`,
    ]);
  });
});
