import { constants, createGunzip } from 'node:zlib';
import type { ComponentKind } from './types';

/**
 * The test firmware format the simulated BMCs accept: any bytes, starting with one header line
 * `FWIMG <KIND>[:<PN>] <version>\n` (KIND as in SimComponent.kind; PN optionally restricts a PCIe
 * image to cards of that part number; the version is the rest of the line and may hold spaces,
 * e.g. `FWIMG BIOS U32 v2.7`). A file without this header is not a firmware image: the task ends
 * in Exception (VerificationFailed), as when the kind does not match the target.
 *
 * A vendor package is accepted too, as the demo catalogue's are (apps/server/src/db/seed/
 * seed-catalog.ts with DEMO_FILE_MB > 0): a gzip file (1f 8b) holding a tar whose first entry
 * starts with the header. Only the file's first PACKAGE_HEAD_BYTES are kept and at most
 * UNPACKED_HEAD_BYTES of them are decompressed (a stream stopped there), never the whole file.
 */
export type FirmwareImageHeader = { kind: ComponentKind; pn?: string; version: string };

const KINDS = new Set<ComponentKind>(['BMC', 'BIOS', 'PSU', 'DISK', 'NIC', 'CPLD', 'RAID', 'PCIE', 'OTHER']);
/** Only this much of an image's content is read for the header. */
export const HEADER_BYTES = 512;
/** Only this much of the received file is kept to read the header (a package's is compressed). */
export const PACKAGE_HEAD_BYTES = 16 * 1024;
/** At most this much of a package is decompressed: the tar header and the first entry's head. */
const UNPACKED_HEAD_BYTES = 512 + HEADER_BYTES;

/**
 * The bytes to read the header from, given the first PACKAGE_HEAD_BYTES of a received file: the
 * file's own head, or for a gzip'd tar the head of its first entry when that is a firmware image.
 */
export async function imageHeadOf(fileHead: Buffer): Promise<Buffer> {
  const own = fileHead.subarray(0, HEADER_BYTES);
  if (fileHead[0] !== 0x1f || fileHead[1] !== 0x8b) return own;
  const tar = await gunzipHead(fileHead.subarray(0, PACKAGE_HEAD_BYTES), UNPACKED_HEAD_BYTES);
  const isTar = tar.length > 512 && tar.subarray(257, 262).toString('latin1') === 'ustar';
  const type = tar[156];
  if (!isTar || (type !== 0x30 && type !== 0)) return own;
  const size = Number.parseInt(tar.subarray(124, 136).toString('latin1').replace(/\0.*$/s, ''), 8);
  const entry = tar.subarray(512, 512 + Math.min(Number.isFinite(size) ? size : 0, HEADER_BYTES));
  return parseFirmwareHeader(entry) ? entry : own;
}

/** The first `cap` bytes `compressed` (the start of a gzip stream) unpacks to, or fewer. */
function gunzipHead(compressed: Buffer, cap: number): Promise<Buffer> {
  return new Promise((resolve) => {
    // Z_SYNC_FLUSH: the stream is cut short, which is no error here.
    const gunzip = createGunzip({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 4096 });
    const chunks: Buffer[] = [];
    let length = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      gunzip.destroy();
      resolve(Buffer.concat(chunks).subarray(0, cap));
    };
    gunzip.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= cap) finish();
    });
    gunzip.on('end', finish);
    gunzip.on('error', finish);
    gunzip.end(compressed);
  });
}

export function parseFirmwareHeader(head: Buffer): FirmwareImageHeader | undefined {
  const end = head.indexOf(0x0a);
  if (end < 0) return undefined;
  const match = /^FWIMG ([A-Z]+)(?::(\S+))? (\S.*)$/.exec(head.subarray(0, end).toString('utf8').trimEnd());
  if (!match) return undefined;
  const [, kind, pn, version] = match;
  if (!kind || !version || !KINDS.has(kind as ComponentKind)) return undefined;
  return { kind: kind as ComponentKind, ...(pn ? { pn } : {}), version };
}

/** A firmware image of the test format: the header, then `sizeBytes` in all of filler. */
export function makeFirmwareImage(header: FirmwareImageHeader, sizeBytes = 4096): Buffer {
  const line = Buffer.from(`FWIMG ${header.kind}${header.pn ? `:${header.pn}` : ''} ${header.version}\n`);
  const image = Buffer.alloc(Math.max(sizeBytes, line.length), 0x5a);
  line.copy(image);
  return image;
}
