import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { catalogItems, catalogVersions } from '../../db/schema';
import type { TestApp } from '../../test/test-app';

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

let sequence = 0;

/**
 * A new version of the seeded item `itemCode` whose file holds `bytes` (random by
 * default), written through the app's store like a published upload.
 */
export async function addVersion(
  t: TestApp,
  options: { itemCode: string; fileName: string; bytes?: Buffer; status?: string; size?: number },
) {
  sequence += 1;
  const bytes = options.bytes ?? randomBytes(options.size ?? 200_000);
  const [item] = await t.db.select().from(catalogItems).where(eq(catalogItems.code, options.itemCode));
  if (!item) throw new Error(`no item ${options.itemCode}`);
  const storageKey = `test/${options.itemCode}/${sequence}.bin`;
  await t.app.services.store.put(storageKey, Readable.from([bytes]));
  const [version] = await t.db
    .insert(catalogVersions)
    .values({
      itemId: item.id,
      version: `99.0.${sequence}`,
      status: options.status ?? 'published',
      releaseDate: '2026-10-10',
      fileCategory: 'firmware',
      fileName: options.fileName,
      fileSize: bytes.length,
      sha256: sha256(bytes),
      md5: md5(bytes),
      storageKey,
      publishedAt: new Date('2026-10-10T08:00:00Z'),
    })
    .returning();
  if (!version) throw new Error('version not inserted');
  return { id: version.id, bytes, storageKey, sha256: version.sha256, fileName: version.fileName };
}

/** The first version of a seeded item. */
export async function seededVersion(t: TestApp, itemCode: string) {
  const [row] = await t.db
    .select({ version: catalogVersions })
    .from(catalogVersions)
    .innerJoin(catalogItems, eq(catalogItems.id, catalogVersions.itemId))
    .where(and(eq(catalogItems.code, itemCode), eq(catalogVersions.status, 'published')))
    .limit(1);
  if (!row) throw new Error(`no version of ${itemCode}`);
  return row.version;
}
