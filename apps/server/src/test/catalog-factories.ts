import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import {
  catalogItems,
  catalogVersionModels,
  catalogVersionParts,
  catalogVersions,
  serialNumbers,
  serverModels,
  userSerials,
} from '../db/schema';
import type { FileStore } from '../lib/file-store/file-store';

/**
 * Catalogue and fleet data a test builds for itself (a model, a shipped server, a bound SN, an
 * item, a version with its file), so tests do not lean on the demo seed and the seed can change.
 */
let sequence = 0;
const next = () => (sequence += 1);
const digest = (algorithm: string, bytes: Buffer) => createHash(algorithm).update(bytes).digest('hex');

export async function createModel(db: Db, input: { code?: string; family?: string } = {}) {
  const n = next();
  const code = input.code ?? `TM${n}-2U`;
  const [model] = await db
    .insert(serverModels)
    .values({
      code,
      family: input.family ?? code.split('-')[0]!,
      nameZh: `测试机型 ${code}`,
      nameEn: `Test model ${code}`,
    })
    .returning();
  if (!model) throw new Error('model not inserted');
  return model;
}

/** A server model of the reference data (seeded in every database, production included), by code. */
export async function referenceModel(db: Db, code: string) {
  const [model] = await db.select().from(serverModels).where(eq(serverModels.code, code));
  if (!model) throw new Error(`no reference model ${code}`);
  return model;
}

/** A server the vendor shipped to `customer`, with PCIe cards and the firmware installed at shipping. */
export async function createServer(
  db: Db,
  input: {
    modelId: number;
    customer?: string;
    sn?: string;
    pcieParts?: string[];
    installed?: Record<string, string>;
    /** The day the server's maintenance contract ends (none by default). */
    maintenanceEnd?: string;
  },
) {
  const sn = input.sn ?? `TSN${String(next()).padStart(8, '0')}`;
  const [server] = await db
    .insert(serialNumbers)
    .values({
      sn,
      modelId: input.modelId,
      customerName: input.customer ?? 'Nobody In Particular',
      pcieParts: input.pcieParts ?? [],
      installedFirmware: input.installed ?? {},
      maintenanceEnd: input.maintenanceEnd ?? null,
    })
    .returning();
  if (!server) throw new Error('server not inserted');
  return server;
}

/** Binds `sn` to the user, verified by staff unless told otherwise. */
export async function bindSerial(
  db: Db,
  userId: number,
  sn: string,
  state: 'verified' | 'pending' = 'verified',
  at = new Date(),
) {
  await db
    .insert(userSerials)
    .values({ userId, sn, state, boundAt: at, verifiedAt: state === 'verified' ? at : null });
}

/** A catalogue item; `name` (both languages) when a test searches for it by name. */
export async function createItem(
  db: Db,
  input: { kind: string; visibility?: 'public' | 'signed_in' | 'restricted'; code?: string; name?: string },
) {
  const code = input.code ?? `test-${input.kind.toLowerCase()}-${next()}`;
  const [item] = await db
    .insert(catalogItems)
    .values({
      code,
      kind: input.kind,
      nameZh: input.name ?? `测试 ${input.kind} ${code}`,
      nameEn: input.name ?? `Test ${input.kind} ${code}`,
      visibility: input.visibility ?? 'signed_in',
    })
    .returning();
  if (!item) throw new Error('item not inserted');
  return item;
}

/** A version of `itemId` whose file (random bytes unless given) is written through the store. */
export async function createVersion(
  db: Db,
  store: FileStore,
  input: {
    itemId: number;
    version: string;
    status?: 'draft' | 'published' | 'recalled';
    preRelease?: boolean;
    releaseDate?: string;
    modelIds?: number[];
    parts?: string[];
    bytes?: Buffer;
    size?: number;
    /** The name the file is downloaded as; `fw-<version>.bin` by default. */
    fileName?: string;
    severity?: 'urgent' | 'recommended' | 'optional';
    notesHtmlEn?: string;
  },
) {
  const bytes = input.bytes ?? randomBytes(input.size ?? 4096);
  const storageKey = `test/factory/${next()}.bin`;
  await store.put(storageKey, Readable.from([bytes]));
  const status = input.status ?? 'published';
  const [version] = await db
    .insert(catalogVersions)
    .values({
      itemId: input.itemId,
      version: input.version,
      status,
      preRelease: input.preRelease ?? false,
      releaseDate: input.releaseDate ?? '2026-10-10',
      fileCategory: 'firmware',
      fileName: input.fileName ?? `fw-${input.version}.bin`,
      fileSize: bytes.length,
      sha256: digest('sha256', bytes),
      md5: digest('md5', bytes),
      storageKey,
      severity: input.severity ?? 'recommended',
      notesHtmlEn: input.notesHtmlEn ?? '',
      publishedAt: status === 'draft' ? null : new Date('2026-10-10T08:00:00Z'),
    })
    .returning();
  if (!version) throw new Error('version not inserted');
  if (input.modelIds?.length)
    await db
      .insert(catalogVersionModels)
      .values(input.modelIds.map((modelId) => ({ versionId: version.id, modelId })));
  if (input.parts?.length)
    await db
      .insert(catalogVersionParts)
      .values(input.parts.map((partNumber) => ({ versionId: version.id, partNumber })));
  return { ...version, bytes };
}

/** A version of a new item of `kind` (signed in; the version published unless said): the version. */
export async function newItemVersion(
  db: Db,
  store: FileStore,
  kind: string,
  version: Omit<Parameters<typeof createVersion>[2], 'itemId'>,
) {
  const item = await createItem(db, { kind });
  return createVersion(db, store, { itemId: item.id, ...version });
}
