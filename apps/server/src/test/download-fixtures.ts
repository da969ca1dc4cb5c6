import type { Db } from '../db/connection';
import { catalogItemGrants } from '../db/schema';
import { normaliseGrantValue } from '../modules/catalog/catalog-access';
import { createItem, createVersion } from './catalog-factories';
import type { TestApp } from './test-app';

/**
 * What download and task tests build for themselves: signed-in users and items with a
 * published file, restricted to whom a test says, instead of the demo customer and catalogue.
 */

// The signed-in user is defined once, in signed-in-user.ts; these tests take it from here with the items.
export { signedInUser } from './signed-in-user';

/** Who a restricted item is granted to (`catalog-access.ts` reads the same four kinds). */
export type Grant = ['role' | 'customer' | 'sn' | 'model', string];

/** Grants a restricted item to holders of a role, an organisation, a verified SN or a model. */
export async function grantItem(db: Db, itemId: number, [grantType, value]: Grant): Promise<void> {
  await db
    .insert(catalogItemGrants)
    .values({ itemId, grantType, value: normaliseGrantValue(grantType, value) });
}

/** A new item anyone may download, with no version yet: where a test adds the files it serves. */
export async function publicItemCode(t: TestApp, kind = 'LIVECD'): Promise<string> {
  return (await createItem(t.db, { kind, visibility: 'public' })).code;
}

/** A new item with one published version (its file in the app's store): the usual download target. */
export async function publishedItem(
  t: TestApp,
  input: {
    kind?: string;
    visibility?: 'public' | 'signed_in' | 'restricted';
    grants?: Grant[];
    version?: string;
    modelIds?: number[];
    parts?: string[];
    size?: number;
  } = {},
) {
  const item = await createItem(t.db, { kind: input.kind ?? 'BMC', visibility: input.visibility });
  for (const grant of input.grants ?? []) await grantItem(t.db, item.id, grant);
  const version = await createVersion(t.db, t.app.services.store, {
    itemId: item.id,
    version: input.version ?? '1.0.0',
    modelIds: input.modelIds,
    parts: input.parts,
    size: input.size,
  });
  return { item, version };
}
