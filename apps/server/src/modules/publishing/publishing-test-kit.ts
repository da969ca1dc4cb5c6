import { existsSync, readdirSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import path from 'node:path';
import type { PublishItemInput, PublishVersionMeta } from '@portal/contract';
import { tarGzOf, tarOf, zipOf } from '../../db/seed/demo-archives';
import type { TestApp } from '../../test/test-app';

/** Test helpers of the publishing module (archives, multipart bodies, a staff item). */
export const BOUNDARY = '----publishing-test-boundary';

export type Part =
  { name: string; value: string } | { name: string; filename: string; content: Buffer; contentType?: string };

/** A multipart/form-data body built by hand, parts in the given order. */
export function multipartBody(parts: Part[]) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

/** A RAR 5 header of `type` with no flags: CRC-32, then size 3, type, header flags, type flags. */
function rar5Header(type: number): Buffer {
  const body = Buffer.from([3, type, 0, 0]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32LE(crc32(body));
  return Buffer.concat([crc, body]);
}

const readme = (text: string) => Buffer.from(`${text}\n${'firmware-bytes-'.repeat(200)}\n`);
export const archives = {
  tarGz: (text = 'v1') => tarGzOf('README.txt', readme(text)),
  tar: (text = 'v1') => tarOf('README.txt', readme(text)),
  zip: (text = 'v1') => zipOf('README.txt', readme(text)),
  /** The 22-byte end-of-central-directory record: a valid empty zip. */
  emptyZip: () => Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]),
  /** An empty RAR 5 archive: signature, main archive header, end-of-archive header. */
  rar: () =>
    Buffer.concat([
      Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]),
      rar5Header(1),
      rar5Header(5),
    ]),
};

export const itemInput = (overrides: Partial<PublishItemInput> = {}): PublishItemInput => ({
  code: 'm7-test-bmc',
  kind: 'BMC',
  nameZh: 'M7 测试 BMC',
  nameEn: 'M7 test BMC',
  visibility: 'signed_in',
  grants: [],
  ...overrides,
});

export const versionMeta = (overrides: Partial<PublishVersionMeta> = {}): PublishVersionMeta => ({
  version: '9.9.1',
  releaseDate: '2026-01-15',
  fileCategory: 'firmware',
  os: 'Any',
  arch: 'x86_64',
  severity: 'recommended',
  cves: ['CVE-2025-12345'],
  models: ['M7-2U', 'm7-4u'],
  securityFix: false,
  ...overrides,
});

/** Every file under the store's folder (relative paths), to prove nothing was left behind. */
export function filesUnder(t: TestApp, sub = ''): string[] {
  const root = path.join(t.dataDir, 'files', sub);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** POST a new version (meta first, then the file) as `token`. */
export async function uploadVersion(
  t: TestApp,
  token: string,
  itemId: number,
  file: { filename: string; content: Buffer } | null,
  meta: PublishVersionMeta | string | null = versionMeta(),
) {
  const parts: Part[] = [];
  if (meta !== null)
    parts.push({ name: 'meta', value: typeof meta === 'string' ? meta : JSON.stringify(meta) });
  if (file) parts.push({ name: 'file', ...file });
  const body = multipartBody(parts);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/publishing/items/${itemId}/versions?locale=en-US`,
    payload: body.payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
  });
  return { status: response.statusCode, body: response.json() };
}
