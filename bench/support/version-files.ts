import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { catalogVersions } from '../../apps/server/src/db/schema';
import type { BenchPortal } from './portal';

const CHUNK = 8 * 1024 * 1024;

/**
 * The stored file of `versionId` becomes `size` random bytes (streamed: a file of gigabytes never
 * sits in memory), and the version's size and hashes follow, so the signed manifest stays true.
 */
export async function replaceVersionFile(
  portal: BenchPortal,
  versionId: number,
  size: number,
): Promise<void> {
  const [version] = await portal.db.select().from(catalogVersions).where(eq(catalogVersions.id, versionId));
  if (!version?.storageKey) throw new Error(`version ${versionId} has no stored file`);
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  async function* random() {
    for (let left = size; left > 0; left -= CHUNK) {
      const chunk = randomBytes(Math.min(CHUNK, left));
      sha256.update(chunk);
      md5.update(chunk);
      yield chunk;
    }
  }
  await portal.app.services.store.put(version.storageKey, Readable.from(random()));
  await portal.db
    .update(catalogVersions)
    .set({ fileSize: size, sha256: sha256.digest('hex'), md5: md5.digest('hex') })
    .where(eq(catalogVersions.id, versionId));
}
