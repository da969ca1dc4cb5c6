import type { CatalogVersionRow, Page } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersionModels, catalogVersionParts, catalogVersions } from '../../db/schema';
import { createModel } from '../../test/catalog-factories';
import { publishedItem, signedInUser } from '../../test/download-fixtures';
import { withToken } from '../../test/requests';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';

/** Copies of one version: with it, more rows than three pages of 100. */
const EXTRA_VERSIONS = 320;

/**
 * A page's rows come with their model and part arrays, computed only for the page's own rows
 * (`CatalogListRepository.byItems` picks the ids first): pages of different sizes and depths
 * must give the same rows.
 */
describe.each(DRIVERS)('deep catalogue pages on %s', (driver) => {
  let t: TestApp;
  let customer: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    customer = (await signedInUser(t)).token;
    const model = await createModel(t.db);
    const { version: template } = await publishedItem(t, { visibility: 'signed_in' });
    const { id: _id, bytes: _bytes, ...copy } = template;
    const added = await t.db
      .insert(catalogVersions)
      .values(
        Array.from({ length: EXTRA_VERSIONS }, (_, i) => ({
          ...copy,
          version: `deep.${i}`,
          // Older than the template: it comes first in date order.
          releaseDate: `2001-01-${String((i % 28) + 1).padStart(2, '0')}`,
        })),
      )
      .returning({ id: catalogVersions.id });
    await t.db
      .insert(catalogVersionModels)
      .values(added.map(({ id }) => ({ versionId: id, modelId: model.id })));
    await t.db
      .insert(catalogVersionParts)
      .values(
        added.filter((_, i) => i % 3 === 0).map(({ id }) => ({ versionId: id, partNumber: `PN-DEEP-${id}` })),
      );
    await t.db.execute(sql`analyze`);
  }, 60_000);
  afterAll(() => t.close());

  const page = async (pageSize: number, pageNo: number) => {
    const answer = await withToken<Page<CatalogVersionRow>>(t.app, customer, {
      url: `/api/catalog/versions?pageSize=${pageSize}&pageNo=${pageNo}`,
    });
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  it('lists the same rows, models and parts included, on pages of any size and depth', async () => {
    const shallow = await page(100, 3); // rows 201-300
    const deep = await page(10, 25); // rows 241-250
    expect(deep.totalRows).toBe(shallow.totalRows);
    expect(deep.rows).toHaveLength(10);
    expect(deep.rows).toEqual(shallow.rows.slice(40, 50));
    expect(deep.rows.every((row) => row.models.length === 1)).toBe(true);
    expect(deep.rows.some((row) => row.parts.length === 1)).toBe(true);
  });
});
