import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  fwportalItemCode,
  parseBuildFileName,
  RELEASE_PUBLIC_KEY_FILE,
  RELEASE_SIGNATURE_SUFFIX,
  releaseSignedLine,
  SEA_PLATFORMS,
  type SeaPlatform,
} from '@portal/contract/cli-builds';
import { semverPreRelease } from '@portal/contract';
import { and, eq, max } from 'drizzle-orm';
import type { FileStore } from '../../lib/file-store/file-store';
import { CLI_BINARIES_DIR } from '../../lib/server-root';
import { verifyEd25519 } from '../../lib/signing/ed25519-signer';
import { publishedSignatureKey } from '../../modules/downloads/published-signature';
import type { Db } from '../connection';
import { catalogItems, catalogReleaseNotes, catalogVersions } from '../schema';

const PLATFORM_NAMES: Record<SeaPlatform, [zh: string, en: string]> = {
  'linux-x64': ['Linux x86-64', 'Linux x86-64'],
  'linux-arm64': ['Linux ARM64', 'Linux ARM64'],
  'win-x64': ['Windows x64', 'Windows x64'],
};

/** The Tools item of a platform's builds; created once, empty until a build is published. */
async function itemOf(db: Db, platform: SeaPlatform): Promise<number> {
  const code = fwportalItemCode(platform);
  const [found] = await db
    .select({ id: catalogItems.id })
    .from(catalogItems)
    .where(eq(catalogItems.code, code));
  if (found) return found.id;
  const [last] = await db.select({ sort: max(catalogItems.sort) }).from(catalogItems);
  const [zh, en] = PLATFORM_NAMES[platform];
  const [row] = await db
    .insert(catalogItems)
    .values({
      code,
      kind: 'TOOL',
      nameZh: `fwportal 命令行客户端（${zh}，单文件可执行程序）`,
      nameEn: `fwportal command-line client (${en}, single executable)`,
      descriptionZh:
        '审计并通过 Redfish 升级服务器固件、下载并校验已签名固件。无需安装 Node.js；fwportal self-update 可更新到最新签名版本。',
      descriptionEn:
        'Audits and updates servers over Redfish, downloads and verifies signed firmware. Needs no Node.js; fwportal self-update moves it to the newest signed build.',
      visibility: 'signed_in',
      sort: (last?.sort ?? 0) + 1,
    })
    .onConflictDoNothing()
    .returning({ id: catalogItems.id });
  return row?.id ?? itemOf(db, platform);
}

/** SHA-256 and MD5 of a file, read once. */
async function digestsOf(file: string): Promise<{ sha256: string; md5: string; size: number }> {
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    sha256.update(chunk);
    md5.update(chunk);
    size += chunk.length;
  }
  return { sha256: sha256.digest('hex'), md5: md5.digest('hex'), size };
}

/**
 * The demo catalogue's fwportal builds: one Tools item per platform, and as its versions the
 * executables `npm run build:cli-binaries` left in `dir`, each with the release signature (`.sig`)
 * it was built with, which the portal keeps and serves as published (GET
 * /api/downloads/:id/release.sig). The portal holds no release key and does not vouch for the
 * builds: fwportal self-update checks that signature against the key built into it. Here the
 * folder is only checked to be whole: SHA256SUMS and each `.sig` signed by the release public key
 * written beside them, each file with its signed SHA-256. A build already listed is skipped, so
 * this runs at every demo start and costs a read of SHA256SUMS when nothing is new; without a
 * build the items stay empty until staff publish one. Returns how many versions were added.
 */
export async function seedCliBuilds(
  db: Db,
  store: FileStore,
  options: { dir?: string; now?: Date; log?: (message: string) => void } = {},
): Promise<number> {
  const dir = options.dir ?? CLI_BINARIES_DIR;
  const items = new Map<SeaPlatform, number>();
  for (const platform of Object.keys(SEA_PLATFORMS) as SeaPlatform[])
    items.set(platform, await itemOf(db, platform));
  const [sums, signature, releaseKeyPem] = await Promise.all([
    readFile(path.join(dir, 'SHA256SUMS')).catch(() => null),
    readFile(path.join(dir, 'SHA256SUMS.sig')).catch(() => null),
    readFile(path.join(dir, RELEASE_PUBLIC_KEY_FILE), 'utf8').catch(() => null),
  ]);
  if (!sums || !signature || !releaseKeyPem) return 0;
  if (!verifyEd25519(releaseKeyPem, sums, signature)) {
    options.log?.(
      `${dir}: SHA256SUMS is not signed by ${RELEASE_PUBLIC_KEY_FILE}; its builds are not listed`,
    );
    return 0;
  }
  const releaseDate = (options.now ?? new Date()).toISOString().slice(0, 10);
  let added = 0;
  for (const line of sums.toString('utf8').split('\n')) {
    const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    const build = match?.[2] ? parseBuildFileName(match[2]) : null;
    if (!match?.[1] || !match[2] || !build) continue;
    const itemId = items.get(build.platform);
    if (itemId === undefined) continue;
    const [listed] = await db
      .select({ id: catalogVersions.id })
      .from(catalogVersions)
      .where(and(eq(catalogVersions.itemId, itemId), eq(catalogVersions.version, build.version)));
    if (listed) continue;
    const file = path.join(dir, match[2]);
    const digests = await digestsOf(file).catch(() => null);
    const releaseSignature = await readFile(`${file}${RELEASE_SIGNATURE_SUFFIX}`).catch(() => null);
    if (
      digests?.sha256 !== match[1] ||
      !releaseSignature ||
      !verifyEd25519(
        releaseKeyPem,
        Buffer.from(releaseSignedLine(match[1], match[2]), 'utf8'),
        releaseSignature,
      )
    ) {
      options.log?.(`${file}: missing, not the signed SHA-256 or without its release signature; not listed`);
      continue;
    }
    const storageKey = `catalog/${fwportalItemCode(build.platform)}/${build.version}/${match[2]}`;
    await store.put(storageKey, createReadStream(file));
    const { os, arch } = SEA_PLATFORMS[build.platform];
    const inserted = await db.transaction(async (tx) => {
      const [version] = await tx
        .insert(catalogVersions)
        .values({
          itemId,
          version: build.version,
          status: 'published',
          releaseDate,
          fileCategory: 'software',
          fileName: match[2]!,
          fileSize: digests.size,
          sha256: digests.sha256,
          md5: digests.md5,
          storageKey,
          contentType: 'application/octet-stream',
          os,
          arch,
          severity: 'optional',
          preRelease: semverPreRelease(build.version) !== null,
          publishedAt: options.now ?? new Date(),
        })
        // Several portal processes starting at once: the first one lists it, the others skip.
        .onConflictDoNothing({ target: [catalogVersions.itemId, catalogVersions.version] })
        .returning({ id: catalogVersions.id });
      if (!version) return false;
      await store.put(publishedSignatureKey(version.id), Readable.from([releaseSignature]));
      await tx.insert(catalogReleaseNotes).values({
        versionId: version.id,
        kind: '1',
        textZh: `fwportal ${build.version}：单文件可执行程序，由 npm run build:cli-binaries 构建并以 fwportal 发布密钥签名`,
        textEn: `fwportal ${build.version}: single executable built by npm run build:cli-binaries, signed with the fwportal release key`,
        sort: 0,
      });
      return true;
    });
    if (inserted) added += 1;
  }
  return added;
}
