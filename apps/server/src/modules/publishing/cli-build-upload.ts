import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  buildFileName,
  releaseSignedLine,
  SEA_PLATFORMS,
  type SeaPlatform,
} from '@portal/contract/cli-builds';
import { AppError } from '../../lib/app-error';
import { verifyEd25519 } from '../../lib/signing/ed25519-signer';
import { PUBLISHED_SIGNATURE_BYTES } from '../downloads/published-signature';
import type { ArchiveCheck } from './archive-check';
import type { ArchiveType } from './archive-type';

/**
 * fwportal's single executables published from the console (issue 44): a version of the Tools
 * item `fwportal-<platform>` is a build, not an archive. Its file is named as the build script
 * names it, is an executable for that platform, and comes with the release key's signature (its
 * `.sig`), which the portal checks against the release public key it was given and keeps as
 * published, so `fwportal self-update` finds it as it finds a build the demo seed listed. A staff
 * member cannot publish an fwportal of their own making: without the release key's signature the
 * upload is refused here, and self-update would refuse it anyway.
 */

/** Enough of the head to reach a PE file's header (Node's win-x64 has it within the first 512 bytes). */
const BUILD_HEAD_BYTES = 4096;
const ELF_MAGIC = 0x7f454c46;
const PE_MAGIC = 0x50450000;
const ELF_MACHINE: Partial<Record<SeaPlatform, number>> = { 'linux-x64': 0x3e, 'linux-arm64': 0xb7 };
const PE_MACHINE_AMD64 = 0x8664;

/** A 64-bit little-endian ELF file for `machine`. */
function isElf64(head: Buffer, machine: number): boolean {
  return (
    head.length >= 20 &&
    head.readUInt32BE(0) === ELF_MAGIC &&
    head[4] === 2 &&
    head[5] === 1 &&
    head.readUInt16LE(18) === machine
  );
}

/** A PE file ("MZ", then "PE\0\0" where e_lfanew points) for x86-64. */
function isPeAmd64(head: Buffer): boolean {
  if (head.length < 64 || head[0] !== 0x4d || head[1] !== 0x5a) return false;
  const pe = head.readUInt32LE(0x3c);
  return (
    pe + 6 <= head.length &&
    head.readUInt32BE(pe) === PE_MAGIC &&
    head.readUInt16LE(pe + 4) === PE_MACHINE_AMD64
  );
}

/** What an upload for `platform` must be, checked by its first bytes as archives are. */
export function buildTypeOf(platform: SeaPlatform): ArchiveType {
  const machine = ELF_MACHINE[platform];
  return {
    label: platform,
    extensions: [SEA_PLATFORMS[platform].suffix],
    contentType: 'application/octet-stream',
    headBytes: BUILD_HEAD_BYTES,
    matches: (head) => (machine === undefined ? isPeAmd64(head) : isElf64(head, machine)),
  };
}

/** A build is checked whole by its release signature once stored, not by its structure on the way. */
export const WHOLE_BY_SIGNATURE: ArchiveCheck = { push: async () => {}, end: async () => {} };

/** The file must carry the name the build script gives this version for this platform. */
export function checkBuildName(platform: SeaPlatform, version: string, fileName: string): void {
  const expected = buildFileName(version, platform);
  if (fileName !== expected)
    throw AppError.invalidFields([{ field: 'file', messageKey: 'PUBLISH_BUILD_NAME', params: { expected } }]);
}

/**
 * The `signature` part: a raw Ed25519 signature of 64 bytes. Read with a cap, so a large file
 * sent in its place is refused after 65 bytes rather than held in memory.
 */
export async function readReleaseSignature(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > PUBLISHED_SIGNATURE_BYTES) {
      stream.destroy();
      break;
    }
    chunks.push(chunk);
  }
  if (size !== PUBLISHED_SIGNATURE_BYTES)
    throw AppError.invalidFields([{ field: 'signature', messageKey: 'PUBLISH_BUILD_SIGNATURE_FORMAT' }]);
  return Buffer.concat(chunks);
}

/** Each PEM block of `text`: a release key file may hold the current key and the next one. */
function publicKeyBlocks(text: string): string[] {
  return text.match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g) ?? [];
}

/**
 * The release public keys an fwportal build's signature is checked with: `keyFile` holds the
 * release public key (SPKI PEM), or while the key changes the old and the new one, one block after
 * the other (docs/OPERATIONS.md, *Changing the release key*). A portal that was not given one
 * publishes no build, as it could not tell a release from anything else: read before the upload's
 * bytes are taken, so such a portal refuses at once instead of after storing the whole file.
 */
export async function readReleaseKeys(keyFile: string): Promise<string[]> {
  const keys = publicKeyBlocks((await readFile(keyFile, 'utf8').catch(() => null)) ?? '');
  if (keys.length === 0) throw new AppError('PUBLISH_BUILD_KEY_MISSING');
  return keys;
}

/** Checks the release signature of the stored build: one of `keys` signed its `sha256sum` line. */
export function verifyReleaseSignature(
  keys: readonly string[],
  build: { sha256: string; fileName: string; signature: Buffer },
): void {
  const line = Buffer.from(releaseSignedLine(build.sha256, build.fileName), 'utf8');
  const valid = keys.some((key) => {
    try {
      return verifyEd25519(key, line, build.signature);
    } catch {
      // Not an Ed25519 public key: it vouches for nothing.
      return false;
    }
  });
  if (!valid)
    throw AppError.invalidFields([{ field: 'signature', messageKey: 'PUBLISH_BUILD_SIGNATURE_INVALID' }]);
}
