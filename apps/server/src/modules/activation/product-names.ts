import type { Locale } from '@portal/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { catalogItems } from '../../db/schema';
import { localName } from '../catalog/catalog-rows';

/**
 * Adds each row's product as a reader calls it: the name of the catalogue item with that code,
 * in the reader's language. A product no item carries keeps its code.
 */
export async function withProductNames<T extends { product: string }>(
  db: Pick<Db, 'select'>,
  rows: T[],
  locale: Locale,
): Promise<(T & { productName: string })[]> {
  const codes = [...new Set(rows.map((row) => row.product))];
  const items = codes.length
    ? await db
        .select({ code: catalogItems.code, nameZh: catalogItems.nameZh, nameEn: catalogItems.nameEn })
        .from(catalogItems)
        .where(inArray(catalogItems.code, codes))
    : [];
  const names = new Map(items.map((item) => [item.code, localName(locale, item)]));
  return rows.map((row) => ({ ...row, productName: names.get(row.product) || row.product }));
}
