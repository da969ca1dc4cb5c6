import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { semverPreRelease } from '@portal/contract';
import type { FileStore } from '../../lib/file-store/file-store';
import { normaliseGrantValue } from '../../modules/catalog/catalog-access';
import type { Db } from '../connection';
import {
  catalogItemGrants,
  catalogItems,
  catalogReleaseNotes,
  catalogVersionModels,
  catalogVersionParts,
  catalogVersions,
  serverModels,
} from '../schema';
import { demoCatalogItems, type ItemSeed, type VersionSeed } from './catalog-seed-data';
import { demoImageBytes, tarGzOf, tarOfFiles, zipOf } from './demo-archives';
import { type DemoSbomFile, insertDemoSbom, storeDemoSbom } from './seed-sboms';

const CONTENT_TYPES: Record<string, string> = {
  '.tar.gz': 'application/gzip',
  '.zip': 'application/zip',
  '.json': 'application/json',
};

/** Kinds whose images a BMC installs (`fwportal update`). */
const FIRMWARE_KINDS = new Set(['BMC', 'BIOS', 'PSU', 'DISK', 'NIC', 'CPLD', 'RAID', 'PCIE']);

/**
 * The entries of a demo package with an image. A firmware image starts with the header line of
 * the test BMC's image format (`FWIMG <KIND>[:<PN>] <version>`, tools/bmc-sim/
 * firmware-image.ts; PCIe: the part number when the version serves one, none when several, which
 * any card takes) and comes first, so that `npm run bmc:sim` installs the demo catalogue's
 * packages; the header overwrites the image's first bytes (the size stays).
 */
function packageEntries(
  item: ItemSeed,
  version: VersionSeed,
  readme: Buffer,
  imageBytes: number,
): [name: string, content: Buffer][] {
  const image = demoImageBytes(`${item.code}@${version.version}`, imageBytes);
  const name = `${item.code}-${version.version}.bin`;
  if (!FIRMWARE_KINDS.has(item.kind))
    return [
      ['README.txt', readme],
      [name, image],
    ];
  const pn = item.kind === 'PCIE' && version.parts?.length === 1 ? `:${version.parts[0]}` : '';
  const header = Buffer.from(`FWIMG ${item.kind}${pn} ${version.version}\n`);
  const content = image.length > header.length ? image : Buffer.alloc(header.length);
  header.copy(content);
  return [
    [name, content],
    ['README.txt', readme],
  ];
}

/** The bytes of a demo payload: a real archive (or JSON config) naming what it is. */
export function demoPayload(
  item: ItemSeed,
  version: VersionSeed,
  /** An image of this size goes into a .tar.gz beside its README (0: the README only). */
  imageBytes = 0,
): { fileName: string; bytes: Buffer; contentType: string } {
  const fileName = version.fileName ?? `${item.code}-${version.version}.tar.gz`;
  const readme = Buffer.from(
    `${item.nameEn} ${version.version}\nReleased ${version.releaseDate}\n` +
      `${version.notes.map(([, , en]) => `- ${en}`).join('\n')}\n` +
      // Some bulk so that downloads and resumes are more than one packet.
      `${'0123456789abcdef'.repeat(2048)}\n`,
  );
  const extension = Object.keys(CONTENT_TYPES).find((ext) => fileName.endsWith(ext)) ?? '.tar.gz';
  const bytes =
    extension === '.json'
      ? Buffer.from(
          JSON.stringify(
            {
              family: item.code.split('-')[0]?.toUpperCase(),
              version: version.version,
              bios: { BootMode: 'UEFI', HyperThreading: 'Enabled' },
              bmc: { RedfishEnabled: true, SessionTimeoutSeconds: 1800 },
            },
            null,
            2,
          ),
        )
      : extension === '.zip'
        ? zipOf('README.txt', readme)
        : imageBytes > 0
          ? // Level 0 (stored blocks, still a .tar.gz every tool reads): the image is random bytes,
            // which no level compresses, and level 1 spent 6.4 s of a first start's CPU trying
            // (0.12 s against 2.6 s for 64 MiB; its output was even 10 KB larger).
            gzipSync(tarOfFiles(packageEntries(item, version, readme, imageBytes)), { level: 0 })
          : tarGzOf('README.txt', readme);
  return { fileName, bytes, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream' };
}

/**
 * Writes the demo catalogue once (files into the store, rows into the database), its release
 * dates counted back from the day of `now`.
 */
/** How big a kind's demo images are, relative to DEMO_FILE_MB (a BIOS image: that size). */
const IMAGE_SCALE: Record<string, number> = {
  BIOS: 1,
  BMC: 0.5,
  RAID: 0.25,
  NIC: 0.25,
  DISK: 0.25,
  PSU: 0.125,
  CPLD: 0.125,
  PCIE: 0.25,
  LIVECD: 2,
  SOFTWARE: 0.5,
  TOOL: 0.25,
  PLUGIN: 0.125,
};

/** The image size of one demo version: older versions a little smaller, as real ones are. */
export function demoImageSize(kind: string, versionIndex: number, fileMb: number): number {
  const scale = IMAGE_SCALE[kind] ?? 0;
  return Math.round(scale * fileMb * 1024 * 1024 * (0.8 + 0.1 * versionIndex));
}

export async function seedCatalog(
  db: Db,
  store: FileStore,
  now: Date = new Date(),
  /** DEMO_FILE_MB: realistic file sizes (progress bars, resumes); 0 keeps files of a few KB. */
  fileMb = 0,
): Promise<void> {
  const existing = await db.select({ id: catalogItems.id }).from(catalogItems).limit(1);
  if (existing.length > 0) return;
  const items = demoCatalogItems(now);
  const models = await db.select({ id: serverModels.id, code: serverModels.code }).from(serverModels);
  const modelId = (code: string) => {
    const model = models.find((m) => m.code === code);
    if (!model) throw new Error(`unknown model ${code}`);
    return model.id;
  };
  // Files first: a failed seed leaves unreferenced files at worst, never rows without bytes.
  const payloads = new Map<
    string,
    ReturnType<typeof demoPayload> & { key: string; sha256: string; md5: string; sbom: DemoSbomFile | null }
  >();
  for (const item of items)
    for (const [index, version] of item.versions.entries()) {
      const payload = demoPayload(item, version, demoImageSize(item.kind, index, fileMb));
      const key = `catalog/${item.code}/${version.version}/${payload.fileName}`;
      await store.put(key, Readable.from([payload.bytes]));
      payloads.set(`${item.code}@${version.version}`, {
        ...payload,
        key,
        sha256: createHash('sha256').update(payload.bytes).digest('hex'),
        md5: createHash('md5').update(payload.bytes).digest('hex'),
        // Firmware carries its SBOM (issue 43): realistic components for VEX triage to find.
        sbom: await storeDemoSbom(store, item, version, index, payload),
      });
    }

  await db.transaction(async (tx) => {
    const t: Db = tx;
    for (const [sort, item] of items.entries()) {
      const [row] = await t
        .insert(catalogItems)
        .values({
          code: item.code,
          kind: item.kind,
          section: item.section ?? '',
          nameZh: item.nameZh,
          nameEn: item.nameEn,
          descriptionZh: item.descriptionZh ?? '',
          descriptionEn: item.descriptionEn ?? '',
          visibility: item.visibility ?? 'signed_in',
          softwareIds: item.softwareIds ?? [],
          sort,
        })
        .returning({ id: catalogItems.id });
      if (!row) throw new Error(`catalog item ${item.code} not inserted`);
      if (item.grants?.length)
        await t.insert(catalogItemGrants).values(
          item.grants.map(([grantType, value]) => ({
            itemId: row.id,
            grantType,
            value: normaliseGrantValue(grantType, value),
          })),
        );
      for (const version of item.versions) {
        const payload = payloads.get(`${item.code}@${version.version}`);
        if (!payload) throw new Error('payload missing');
        const status = version.status ?? 'published';
        const [versionRow] = await t
          .insert(catalogVersions)
          .values({
            itemId: row.id,
            version: version.version,
            status,
            releaseDate: version.releaseDate,
            fileCategory: item.fileCategory,
            fileName: payload.fileName,
            fileSize: payload.bytes.length,
            sha256: payload.sha256,
            md5: payload.md5,
            storageKey: payload.key,
            contentType: payload.contentType,
            os: version.os ?? '',
            arch: version.arch ?? '',
            severity: version.severity ?? 'optional',
            cves: version.cves ?? [],
            securityFix: version.securityFix ?? false,
            preRelease: semverPreRelease(version.version) !== null,
            rebootRequired: version.rebootRequired ?? false,
            prerequisites: version.prerequisites ?? [],
            installOrder: version.installOrder ?? null,
            publishedAt: status === 'draft' ? null : new Date(`${version.releaseDate}T08:00:00Z`),
          })
          .returning({ id: catalogVersions.id });
        if (!versionRow) throw new Error('catalog version not inserted');
        if (payload.sbom)
          await insertDemoSbom(t, versionRow.id, payload.sbom, new Date(`${version.releaseDate}T08:00:00Z`));
        await t.insert(catalogReleaseNotes).values(
          version.notes.map(([kind, textZh, textEn], index) => ({
            versionId: versionRow.id,
            kind,
            textZh,
            textEn,
            sort: index,
          })),
        );
        if (version.models?.length)
          await t
            .insert(catalogVersionModels)
            .values(version.models.map((code) => ({ versionId: versionRow.id, modelId: modelId(code) })));
        if (version.parts?.length)
          await t
            .insert(catalogVersionParts)
            .values(version.parts.map((partNumber) => ({ versionId: versionRow.id, partNumber })));
      }
    }
  });
}
