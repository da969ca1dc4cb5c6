import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { catalogVersions, catalogVersionSboms, storedFiles, tasks } from '../../db/schema';
import type { FileStore } from '../../lib/file-store/file-store';
import { S3FileStore } from '../../lib/file-store/s3-file-store';
import { createItem } from '../../test/catalog-factories';
import { createUser } from '../../test/factories';
import { startS3Server } from '../../test/s3-server';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { publishedSignatureKey } from '../downloads/published-signature';
import { OrphanSweep } from './orphan-sweep.service';

const HOUR = 3_600_000;
const put = (store: FileStore, key: string) => store.put(key, Readable.from([Buffer.from(key)]));

async function keysOf(store: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of store.list('')) keys.push(object.key);
  return keys.sort();
}

/** Rows that reference `key`: a catalogue version, a `files` row (avatar), a task result, an SBOM. */
async function reference(t: TestApp, kind: 'version' | 'file' | 'task' | 'sbom', key: string) {
  const now = new Date();
  if (kind === 'file') {
    await t.db.insert(storedFiles).values({
      id: randomUUID().replaceAll('-', ''),
      purpose: 'avatar',
      storageKey: key,
      contentType: 'image/png',
      size: key.length,
      sha256: '0'.repeat(64),
      createdAt: now,
    });
    return;
  }
  if (kind === 'task') {
    const owner = await createUser(t.db, { roleCodes: ['customer'] });
    await t.db.insert(tasks).values({
      userId: owner.id,
      type: 'LIST_MIRROR_SN',
      status: 'SUCCESS',
      params: {},
      resultKey: key,
      createdAt: now,
    });
    return;
  }
  const item = await createItem(t.db, { kind: 'BIOS' });
  const [version] = await t.db
    .insert(catalogVersions)
    .values({
      itemId: item.id,
      version: `sweep-${randomUUID().slice(0, 8)}`,
      releaseDate: '2026-01-01',
      fileCategory: 'firmware',
      fileName: 'fw.zip',
      fileSize: key.length,
      sha256: '0'.repeat(64),
      md5: '0'.repeat(32),
      storageKey: kind === 'version' ? key : `catalog/sbom-holder/${randomUUID()}`,
    })
    .returning({ id: catalogVersions.id });
  if (kind === 'sbom' && version)
    await t.db.insert(catalogVersionSboms).values({
      versionId: version.id,
      format: 'cyclonedx',
      specVersion: '1.6',
      fileName: 'fw.zip.cdx.json',
      size: key.length,
      sha256: '0'.repeat(64),
      storageKey: key,
      components: 0,
      createdAt: now,
    });
}

/** Old files that rows reference, and old orphans the sweep must remove. */
const REFERENCED = {
  version: 'catalog/bios/1b2c/bios.zip',
  file: 'avatars/0123abcd',
  task: 'tasks/7/5f0e',
  sbom: 'sbom/bios/1a2b/cyclonedx.json',
} as const;
const ORPHANS = [
  'catalog/bios/dead/bios.zip',
  'editor-images/4567ef',
  'tasks/9/gone',
  'sbom/bios/dead/cyclonedx.json',
];
/** Outside the portal's folders: never swept, however old. */
const FOREIGN = 'backups/old.bin';

describe.each(DRIVERS)('orphan file sweep on the local folder, %s', (driver) => {
  let t: TestApp;
  let root: string;
  beforeEach(async () => {
    t = await createTestApp(driver);
    root = path.join(t.dataDir, 'files');
  });
  afterEach(() => t.close());

  const age = async (key: string, hours = 25) => {
    const then = new Date(Date.now() - hours * HOUR);
    await utimes(path.join(root, key), then, then);
  };
  /** What `put` leaves when the process dies mid-upload. */
  const partFile = async (key: string) => {
    const part = `${key}.${randomUUID()}.part`;
    await mkdir(path.dirname(path.join(root, part)), { recursive: true });
    await writeFile(path.join(root, part), 'half an upload');
    return part;
  };

  it('removes old .part files and old unreferenced files, and nothing referenced or recent', async () => {
    const store = t.app.services.store;
    for (const [kind, key] of Object.entries(REFERENCED)) {
      await put(store, key);
      await reference(t, kind as keyof typeof REFERENCED, key);
    }
    for (const key of [...ORPHANS, FOREIGN]) await put(store, key);
    const oldPart = await partFile('catalog/bios/4a4a/bios.zip');
    const stored = await keysOf(store);
    // Everything so far is two days old.
    for (const key of stored) await age(key, 48);
    // Recent: an upload under way, a file whose row is about to be written, one just inside the grace period.
    const freshPart = await partFile('avatars/89ab');
    await put(store, 'avatars/fresh');
    await put(store, 'editor-images/almost');
    await age('editor-images/almost', 23.5);

    const counts = await t.app.services.orphanSweep.sweep();

    expect(counts).toEqual({ partial: 1, orphaned: ORPHANS.length, failed: 0 });
    const gone = [oldPart, ...ORPHANS];
    expect(await keysOf(store)).toEqual(
      [
        ...stored.filter((key) => !gone.includes(key)),
        freshPart,
        'avatars/fresh',
        'editor-images/almost',
      ].sort(),
    );
    // The folders the orphans were alone in go with them.
    expect(existsSync(path.join(root, 'catalog/bios/dead'))).toBe(false);
    expect(existsSync(path.join(root, 'tasks/9'))).toBe(false);
    // A second sweep finds nothing more.
    expect(await t.app.services.orphanSweep.sweep()).toEqual({ partial: 0, orphaned: 0, failed: 0 });
  });

  it("removes an old release signature whose version is gone, and keeps a version's own", async () => {
    const store = t.app.services.store;
    await reference(t, 'version', 'catalog/tool/5c5c/fwportal-1.0.0-linux-x64');
    const [version] = await t.db
      .select({ id: catalogVersions.id })
      .from(catalogVersions)
      .where(eq(catalogVersions.storageKey, 'catalog/tool/5c5c/fwportal-1.0.0-linux-x64'));
    const kept = publishedSignatureKey(version!.id);
    const orphan = publishedSignatureKey(version!.id + 1_000);
    // A name no version id can have is swept too, without its number reaching the query.
    const outOfRange = 'release-signatures/99999999999.sig';
    for (const key of [kept, orphan, outOfRange]) {
      await put(store, key);
      await age(key, 48);
    }
    expect(await t.app.services.orphanSweep.sweep()).toEqual({ partial: 0, orphaned: 2, failed: 0 });
    expect((await keysOf(store)).filter((key) => key.startsWith('release-signatures/'))).toEqual([kept]);
  });

  it('sweeps at start and then periodically, until stopped', async () => {
    const store = t.app.services.store;
    const sweep = new OrphanSweep(t.db, t.clock, store, t.app.log, { graceMs: HOUR, everyMs: 100 });
    await put(store, 'avatars/first');
    await age('avatars/first');
    sweep.start();
    await vi.waitFor(async () => expect(await store.stat('avatars/first')).toBeNull());
    await put(store, 'avatars/second');
    await age('avatars/second');
    await vi.waitFor(async () => expect(await store.stat('avatars/second')).toBeNull());
    await sweep.stop();
    await put(store, 'avatars/third');
    await age('avatars/third');
    await sleep(400);
    expect(await store.stat('avatars/third')).not.toBeNull();
  });
});

describe('orphan file sweep on object storage (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it('removes old unreferenced objects, and nothing referenced or recent', async () => {
    const store = new S3FileStore(s3.options);
    for (const [kind, key] of Object.entries(REFERENCED)) {
      await put(store, key);
      await reference(t, kind as keyof typeof REFERENCED, key);
    }
    for (const key of [...ORPHANS, FOREIGN]) await put(store, key);
    // S3 keeps its own modification times (to the second): the grace period ends between the
    // objects above and the one below, seen from a clock an hour later.
    const boundary = Date.now();
    await sleep(1_100);
    await put(store, 'avatars/fresh');
    const later = { now: () => new Date(boundary + HOUR) };
    const sweep = new OrphanSweep(t.db, later, store, t.app.log, { graceMs: HOUR });

    expect(await sweep.sweep()).toEqual({ partial: 0, orphaned: ORPHANS.length, failed: 0 });
    expect(await keysOf(store)).toEqual([...Object.values(REFERENCED), FOREIGN, 'avatars/fresh'].sort());
  });
});
