import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3rverOptions, TEST_BUCKET } from '../../test/s3-server';
import { type S3Options, S3FileStore } from './s3-file-store';

/**
 * s3rver in a process of its own with OpenSSL's legacy provider: its ListObjectsV2
 * continuation tokens are DES-encrypted, which Node refuses otherwise, so a listing of more
 * than one page (1,000 keys) fails in the test process's own s3rver (test/s3-server.ts).
 */
async function startLegacyS3Server(): Promise<{ options: S3Options; stop(): Promise<void> }> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-pages-'));
  const s3rver = createRequire(import.meta.url).resolve('s3rver');
  const script = `
    const S3rver = require(${JSON.stringify(s3rver)});
    new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.argv[1],
      configureBuckets: [{ name: ${JSON.stringify(TEST_BUCKET)} }] })
      .run().then(({ port }) => console.log(port));`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '-e', script, directory],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const stdout = child.stdout;
  if (!stdout) throw new Error('s3rver has no stdout');
  const [line] = (await once(createInterface({ input: stdout }), 'line')) as [string];
  return {
    options: s3rverOptions(Number(line)),
    stop: async () => {
      const exited = once(child, 'exit');
      child.kill();
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

describe('S3FileStore.list over several pages (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startLegacyS3Server>>;
  beforeAll(async () => {
    s3 = await startLegacyS3Server();
  });
  afterAll(() => s3?.stop());

  it('follows continuation tokens until the last page', async () => {
    const store = new S3FileStore(s3.options);
    const keys = Array.from({ length: 1_005 }, (_, i) => `many/${String(i).padStart(4, '0')}.bin`);
    for (let at = 0; at < keys.length; at += 50)
      await Promise.all(
        keys.slice(at, at + 50).map((key) => store.put(key, Readable.from([Buffer.from('x')]))),
      );
    await store.put('other/outside.bin', Readable.from([Buffer.from('x')]));
    const listed: string[] = [];
    for await (const object of store.list('many/')) listed.push(object.key);
    expect(listed).toEqual(keys);
  }, 60_000);
});
