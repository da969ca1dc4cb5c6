import { createHash } from 'node:crypto';
import { expect } from 'vitest';

/** Bundle checks shared by the server tests and the browser test (no server test helpers here). */
export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Reads a tar (ustar entries and PAX path records) into name -> bytes; for checking bundles in tests. */
export function readTar(archive: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  let offset = 0;
  let longName: string | null = null;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const size = Number.parseInt(field(124, 12), 8);
    const type = field(156, 1);
    const body = archive.subarray(offset + 512, offset + 512 + size);
    let sum = 0;
    for (let i = 0; i < 512; i += 1) sum += i >= 148 && i < 156 ? 32 : (header[i] ?? 0);
    expect(Number.parseInt(field(148, 8), 8)).toBe(sum);
    if (type === 'x') longName = /path=(.*)\n/.exec(body.toString('utf8'))?.[1] ?? null;
    else {
      entries.set(longName ?? field(0, 100), Buffer.from(body));
      longName = null;
    }
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

/** Checks every `<sha256>  <path>` line of a SHA256SUMS against the bytes it names. */
export function verifySums(sums: string, files: Map<string, Buffer>): string[] {
  const lines = sums.trim().split('\n');
  for (const line of lines) {
    const [hash, name] = line.split(/ {2}/);
    const bytes = files.get(name ?? '');
    expect(bytes, `${name} is in the archive`).toBeDefined();
    expect(sha256(bytes ?? Buffer.alloc(0)), name).toBe(hash);
  }
  return lines.map((line) => line.split(/ {2}/)[1] ?? '');
}
