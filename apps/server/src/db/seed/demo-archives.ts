import { createCipheriv, createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { zipArchive } from './zip-archive';

/** A ustar archive holding one file (the demo catalogue's payloads are real archives). */
export function tarOf(name: string, content: Buffer): Buffer {
  return tarOfFiles([[name, content]]);
}

/** A ustar archive of several files, in order. */
export function tarOfFiles(files: [name: string, content: Buffer][]): Buffer {
  return Buffer.concat([...files.map(([name, content]) => tarEntry(name, content)), Buffer.alloc(1024)]);
}

function tarEntry(name: string, content: Buffer): Buffer {
  const header = Buffer.alloc(512);
  header.write(name.slice(0, 99), 0, 'utf8');
  header.write('0000644\0', 100, 'ascii');
  header.write('0000000\0', 108, 'ascii');
  header.write('0000000\0', 116, 'ascii');
  header.write(`${content.length.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  header.write(
    `${Math.floor(Date.UTC(2026, 0, 1) / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    'ascii',
  );
  header.write('        ', 148, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  const padding = Buffer.alloc((512 - (content.length % 512)) % 512);
  return Buffer.concat([header, content, padding]);
}

export const tarGzOf = (name: string, content: Buffer) =>
  gzipSync(tarOf(name, content), { mtime: 0 } as never);

/** A zip archive holding one stored (uncompressed) file. */
export const zipOf = (name: string, content: Buffer): Buffer =>
  zipArchive([{ name, content }], { utf8Names: true });

/**
 * `size` bytes that look like a firmware image (they do not compress), the same for the same
 * `name` on every start: an AES-CTR keystream keyed by the name, which is fast at tens of MB.
 */
export function demoImageBytes(name: string, size: number): Buffer {
  const key = createHash('sha256').update(name).digest();
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  return Buffer.concat([cipher.update(Buffer.alloc(size)), cipher.final()]);
}
