import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { TarWriter } from './tar-writer';

/** Runs the system tar with `args`, feeding it `feed` on stdin; its stdout, and the exit code. */
function systemTar(args: string[], cwd: string, feed?: (stdin: NodeJS.WritableStream) => Promise<void>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('tar', args, { cwd, env: { ...process.env, LC_ALL: 'C.UTF-8' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    if (feed) feed(child.stdin).then(() => child.stdin.end(), reject);
  });
}

const MTIME = new Date('2026-01-05T08:00:00Z');

describe('the bundle tar writer, read by the system tar', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists and extracts long, non-ASCII and plain names with their exact bytes', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tar-writer-'));
    const entries: [string, Buffer][] = [
      ['manifest.csv', Buffer.from('kind,version\nBMC,4.1.2\n')],
      ['固件/M7 BMC 固件 4.1.2.tar.gz', Buffer.from('中文名称的文件内容')],
      ['firmware/café-ünïcode.bin', Buffer.alloc(700, 7)],
      [`${'deep/'.repeat(30)}${'x'.repeat(150)}.bin`, Buffer.from('long path')],
      ['empty.txt', Buffer.alloc(0)],
    ];
    const file = path.join(dir, 'bundle.tar');
    const out = createWriteStream(file);
    const tar = new TarWriter(out);
    for (const [name, data] of entries) await tar.addBuffer(name, data, MTIME);
    await tar.finish();
    out.end();
    await finished(out);

    const listed = await systemTar(['-tf', file], dir);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(listed.stdout.split('\n').filter(Boolean)).toEqual(entries.map(([name]) => name));

    const target = path.join(dir, 'out');
    const extracted = await systemTar(['-xf', file, '--one-top-level=out'], dir);
    expect(extracted.stderr).toBe('');
    expect(extracted.code).toBe(0);
    for (const [name, data] of entries)
      expect(readFileSync(path.join(target, name)).equals(data), name).toBe(true);
  });

  it('writes a PAX size for a file of 8 GiB and more, which tar lists with its real size', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tar-writer-'));
    const size = 8 * 1024 ** 3 + 1; // one byte past what the ustar size field holds
    const chunk = Buffer.alloc(4 * 1024 * 1024);
    const head: Buffer[] = [];
    const listed = await systemTar(['-tvf', '-'], dir, async (stdin) => {
      const tee = new PassThrough();
      tee.pipe(stdin);
      const keep = (chunk: Buffer) => {
        head.push(chunk);
        if (Buffer.concat(head).length >= 1024) tee.off('data', keep);
      };
      tee.on('data', keep);
      const tar = new TarWriter(tee);
      async function* zeros() {
        let left = size;
        while (left > 0) {
          const n = Math.min(left, chunk.length);
          left -= n;
          yield n === chunk.length ? chunk : chunk.subarray(0, n);
        }
      }
      await tar.addStream('images/livecd-8g.iso', size, MTIME, zeros());
      await tar.addBuffer('SHA256SUMS', Buffer.from('after the big one\n'), MTIME);
      await tar.finish();
      tee.end();
      await finished(stdin);
    });
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    const lines = listed.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(` ${size} `);
    expect(lines[0]).toMatch(/images\/livecd-8g\.iso$/);
    expect(lines[1]).toMatch(/SHA256SUMS$/);
    // POSIX, not a GNU leniency: a PAX header ('x') carries the size, and the ustar size field
    // holds no more than its 11 octal digits.
    const first = Buffer.concat(head);
    expect(String.fromCharCode(first[156]!)).toBe('x');
    expect(first.subarray(512, 1024).toString('utf8')).toContain(` size=${size}\n`);
  }, 180_000);
});
