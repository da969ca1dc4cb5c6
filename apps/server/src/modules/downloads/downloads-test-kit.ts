import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { catalogItems } from '../../db/schema';
import { createVersion } from '../../test/catalog-factories';
import type { TestApp } from '../../test/test-app';

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let sequence = 0;

/**
 * A new version (99.0.n) of the item `itemCode` whose file, named `fileName`, holds `bytes`
 * (random by default, 200 kB), written through the app's store like a published upload.
 */
export async function addVersion(
  t: TestApp,
  options: {
    itemCode: string;
    fileName: string;
    bytes?: Buffer;
    status?: 'draft' | 'published' | 'recalled';
    size?: number;
  },
) {
  sequence += 1;
  const [item] = await t.db.select().from(catalogItems).where(eq(catalogItems.code, options.itemCode));
  if (!item) throw new Error(`no item ${options.itemCode}`);
  const version = await createVersion(t.db, t.app.services.store, {
    itemId: item.id,
    version: `99.0.${sequence}`,
    fileName: options.fileName,
    bytes: options.bytes,
    size: options.size ?? 200_000,
    status: options.status,
  });
  return {
    id: version.id,
    bytes: version.bytes,
    storageKey: version.storageKey,
    sha256: version.sha256,
    fileName: version.fileName,
  };
}
