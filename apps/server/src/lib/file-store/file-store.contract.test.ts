import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server';
import { startSilentServer } from '../../test/silent-server';
import { failureCause, failureCode } from '../dependency-failure';
import { type FileStore, ObjectNotFoundError, ObjectTooLargeError } from './file-store';
import { LocalFileStore } from './local-file-store';
import { S3FileStore } from './s3-file-store';

type Driver = {
  name: string;
  create(): Promise<{ store: FileStore; keys(): Promise<string[]>; close(): Promise<void> }>;
};

let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.stop());

const DRIVERS: Driver[] = [
  {
    name: 'local folder',
    async create() {
      const root = mkdtempSync(path.join(tmpdir(), 'store-contract-'));
      const { readdir } = await import('node:fs/promises');
      return {
        store: new LocalFileStore(root),
        keys: async () =>
          (await readdir(root, { recursive: true, withFileTypes: true }))
            .filter((e) => e.isFile())
            .map((e) => e.name),
        close: async () => rmSync(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3rver',
    async create() {
      if (!s3) throw new Error('s3rver did not start');
      const prefix = `run-${randomBytes(4).toString('hex')}`;
      const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
      const options = s3.options;
      const list = new S3Client({
        endpoint: options.endpoint,
        region: options.region,
        forcePathStyle: true,
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      });
      const store = new S3FileStore(options);
      // Every test writes under its own prefix, so listing shows only its objects.
      const prefixed: FileStore = {
        put: (key, body, o) => store.put(`${prefix}/${key}`, body, o),
        open: (key, range) => store.open(`${prefix}/${key}`, range),
        ping: () => store.ping(),
        stat: (key) => store.stat(`${prefix}/${key}`),
        remove: (key) => store.remove(`${prefix}/${key}`),
        presignedDownloadUrl: (key, o) => store.presignedDownloadUrl(`${prefix}/${key}`, o),
        list: async function* (under) {
          for await (const object of store.list(`${prefix}/${under}`))
            yield { ...object, key: object.key.slice(prefix.length + 1) };
        },
      };
      return {
        store: prefixed,
        keys: async () =>
          (
            (await list.send(new ListObjectsV2Command({ Bucket: options.bucket, Prefix: `${prefix}/` })))
              .Contents ?? []
          ).map((object) => object.Key ?? ''),
        close: async () => list.destroy(),
      };
    },
  },
];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A body in many small chunks, as an HTTP upload arrives. */
const chunked = (bytes: Buffer, size = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    })(),
  );

describe.each(DRIVERS)('FileStore contract on the $name driver', (driver) => {
  let env: Awaited<ReturnType<Driver['create']>>;
  beforeEach(async () => {
    env = await driver.create();
  });
  afterEach(() => env.close());

  it('streams a multi-part object in with its size and SHA-256, reads it whole and by ranges, removes it', async () => {
    // 20 MiB: more than two multipart parts, where streamed checksums used to corrupt uploads.
    const bytes = randomBytes(20 * 1024 * 1024 + 123);
    const stored = await env.store.put('firmware/a.bin', chunked(bytes));
    expect(stored).toEqual({ size: bytes.length, sha256: sha256(bytes) });
    const stat = await env.store.stat('firmware/a.bin');
    expect(stat?.size).toBe(bytes.length);
    // When it was written (to the second: object stores keep no more).
    expect(Math.abs((stat?.modifiedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    const whole = await buffer(await env.store.open('firmware/a.bin'));
    expect({ size: whole.length, sha256: sha256(whole) }).toEqual(stored);
    const last = bytes.length - 1;
    for (const range of [
      { start: 0, end: 0 },
      { start: last, end: last },
      { start: 1_000_000, end: 9_000_000 },
    ]) {
      // Compared by digest: a diff of megabytes would drown the report.
      const part = await buffer(await env.store.open('firmware/a.bin', range));
      expect({ size: part.length, sha256: sha256(part) }).toEqual({
        size: range.end - range.start + 1,
        sha256: sha256(bytes.subarray(range.start, range.end + 1)),
      });
    }
    await env.store.remove('firmware/a.bin');
    expect(await env.store.stat('firmware/a.bin')).toBeNull();
    await expect(env.store.open('firmware/a.bin')).rejects.toBeInstanceOf(ObjectNotFoundError);
  }, 60_000);

  it('leaves nothing behind when the body is too large or breaks off midway', async () => {
    await expect(
      env.store.put('big.bin', chunked(randomBytes(10 * 1024 * 1024)), { maxBytes: 9 * 1024 * 1024 }),
    ).rejects.toBeInstanceOf(ObjectTooLargeError);
    const failing = new Readable({
      read() {
        this.push(randomBytes(9 * 1024 * 1024));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(env.store.put('broken.bin', failing)).rejects.toThrow('connection reset');
    expect(await env.keys()).toEqual([]);
  }, 60_000);

  it('lists the objects under a prefix with their modification time', async () => {
    const before = Date.now() - 2_000;
    const small = () => Readable.from([Buffer.from('x')]);
    for (const key of ['a/one.bin', 'a/b/two.bin', 'ab/three.bin', 'other/four.bin'])
      await env.store.put(key, small());
    const listed = async (prefix: string) => {
      const found = [];
      for await (const object of env.store.list(prefix)) found.push(object);
      return found.sort((x, y) => x.key.localeCompare(y.key));
    };
    const under = await listed('a/');
    expect(under.map((object) => object.key)).toEqual(['a/b/two.bin', 'a/one.bin']);
    for (const object of under) {
      expect(object.partial).toBe(false);
      expect(object.modifiedAt.getTime()).toBeGreaterThan(before);
      expect(object.modifiedAt.getTime()).toBeLessThan(Date.now() + 2_000);
    }
    expect((await listed('a')).map((object) => object.key)).toEqual([
      'a/b/two.bin',
      'a/one.bin',
      'ab/three.bin',
    ]);
    expect(await listed('none/')).toEqual([]);
    // (Listing over several pages: s3-file-store-list.test.ts.)
  });

  it('answers the readiness probe while it can be written to', async () => {
    expect(await env.store.ping()).toBe(true);
  });

  it('answers a missing object as absent', async () => {
    expect(await env.store.stat('nope.bin')).toBeNull();
    await expect(env.store.open('nope.bin')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('hands out presigned URLs only where the storage serves clients itself (attachment, right bytes)', async () => {
    if (driver.name === 'local folder') {
      // The portal streams local files itself: no URL to hand out.
      expect(env.store.presignedDownloadUrl).toBeUndefined();
      return;
    }
    const bytes = Buffer.from('firmware bytes');
    await env.store.put('signed.tar', Readable.from([bytes]));
    const url = await env.store.presignedDownloadUrl?.('signed.tar', {
      fileName: '固件 v1.tar',
      expiresInSeconds: 60,
    });
    expect(url).toMatch(/X-Amz-Signature=/);
    const answer = await fetch(url ?? '');
    expect(answer.status).toBe(200);
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(bytes);
    expect(answer.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''%E5%9B%BA%E4%BB%B6%20v1.tar",
    );
    // (s3rver checks neither presigned signatures nor expiry; AWS S3 and MinIO do.)
  });
});

describe('FileStore readiness probe when the storage is unreachable', () => {
  it('local folder: false when the root cannot be a folder (a file is in the way)', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'store-ping-'));
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(parent, 'blocked'), 'not a folder');
    try {
      expect(await new LocalFileStore(path.join(parent, 'blocked', 'files')).ping()).toBe(false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('object storage: false for a wrong bucket and for a server that does not answer', async () => {
    if (!s3) throw new Error('s3rver did not start');
    expect(await new S3FileStore({ ...s3.options, bucket: 'no-such-bucket' }).ping()).toBe(false);
    // Port 9 (discard) on loopback: nothing listens, the connection is refused.
    expect(await new S3FileStore({ ...s3.options, endpoint: 'http://127.0.0.1:9' }).ping()).toBe(false);
  });

  it('hands readiness the reason: a missing bucket, a refused connection, a server that never answers', async () => {
    if (!s3) throw new Error('s3rver did not start');
    const reasonOf = async (store: S3FileStore) => {
      let failure: unknown;
      expect(await store.ping((error) => (failure = error))).toBe(false);
      return { cause: failureCause(failure), code: failureCode(failure) };
    };
    expect(await reasonOf(new S3FileStore({ ...s3.options, bucket: 'no-such-bucket' }))).toEqual({
      cause: 'other',
      code: 'NotFound (404)',
    });
    expect(await reasonOf(new S3FileStore({ ...s3.options, endpoint: 'http://127.0.0.1:9' }))).toMatchObject({
      cause: 'network',
      code: 'ECONNREFUSED',
    });
    const silent = await startSilentServer();
    try {
      const hung = new S3FileStore(
        { ...s3.options, endpoint: `http://127.0.0.1:${silent.port}` },
        { pingMs: 100 },
      );
      expect((await reasonOf(hung)).cause).toBe('timeout');
    } finally {
      silent.close();
    }
  });
});
