import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Options } from '../lib/file-store/s3-file-store';

export const TEST_BUCKET = 'portal-test';

/** How the file store reaches an s3rver listening on `port` of this machine, in the test bucket. */
export function s3rverOptions(port: number): S3Options {
  return {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: TEST_BUCKET,
    // s3rver's fixed development credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
}

/** A real S3-compatible server (s3rver) on a free port with one bucket, for storage tests. */
export async function startS3Server(): Promise<{ options: S3Options; stop(): Promise<void> }> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    options: s3rverOptions(port),
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
