import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependencyUnavailable } from '../pg-errors';
import { s3rverOptions, startS3Server } from '../../test/s3-server';
import { StoreUnavailableError } from './file-store';
import { S3_TIMEOUTS, S3FileStore, type S3Timeouts } from './s3-file-store';

/** How long `operation` took and how it ended. */
async function timed(operation: () => Promise<unknown>) {
  const started = Date.now();
  try {
    // Awaited before the clock is read: in one object literal `ms` would be read first.
    const value = await operation();
    return { ms: Date.now() - started, value, error: undefined as unknown };
  } catch (error) {
    return { ms: Date.now() - started, value: undefined, error };
  }
}

/** Every store operation that reaches the server, by name. */
function operations(store: S3FileStore, key: string) {
  return {
    stat: () => store.stat(key),
    open: () => store.open(key),
    put: () => store.put(`${key}.new`, Readable.from([randomBytes(1024)])),
    remove: () => store.remove(key),
    list: async () => {
      for await (const object of store.list('outage/')) return object;
      return null;
    },
  };
}

describe('object storage away (s3rver stopped, then started again on the same port and folder)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.stop());

  it('fails every request at once as unavailable, and serves again once back, without a new client', async () => {
    const store = new S3FileStore(s3.options);
    const bytes = randomBytes(64 * 1024);
    await store.put('outage/kept', Readable.from([bytes]));

    await s3.halt();
    expect((await timed(() => store.ping())).value).toBe(false);
    for (const [name, operation] of Object.entries(operations(store, 'outage/kept'))) {
      const outcome = await timed(operation);
      expect(outcome.error, name).toBeInstanceOf(StoreUnavailableError);
      // What the error handler turns into 503 SERVICE_UNAVAILABLE with Retry-After.
      expect(dependencyUnavailable(outcome.error), name).toBe(true);
      expect(outcome.ms, name).toBeLessThan(1_500);
    }

    await s3.restart();
    expect(await store.ping()).toBe(true);
    expect(await buffer(await store.open('outage/kept'))).toEqual(bytes);
    await store.put('outage/after', Readable.from([bytes]));
    expect(await store.stat('outage/after')).toMatchObject({ size: bytes.length });
    await store.remove('outage/after');
  });

  it('ends a download stream cut by the outage with an error, never a stall', async () => {
    const store = new S3FileStore(s3.options);
    await store.put('outage/large', Readable.from([randomBytes(8 * 1024 * 1024)]));
    const body = await store.open('outage/large', undefined);
    const ended = new Promise<unknown>((resolve) => {
      body.once('error', resolve);
      body.once('end', () => resolve('end'));
    });
    // Read the first chunk, then stop reading: the rest waits in the connection when it is cut.
    await new Promise((resolve) => body.once('readable', resolve));
    body.read();
    await s3.halt();
    body.resume();
    const outcome = await Promise.race([
      ended,
      new Promise((resolve) => setTimeout(() => resolve('stalled'), 5_000)),
    ]);
    expect(outcome).toBeInstanceOf(Error);
    await s3.restart();
  });
});

describe('object storage that accepts connections and never answers', () => {
  let silent: net.Server;
  const sockets = new Set<net.Socket>();
  let port: number;
  beforeAll(async () => {
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.resume();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('answers readiness within 2 s and fails each request within seconds, as unavailable', async () => {
    // The portal's bounds: readiness 2 s, an answer 3 s, an idle connection 5 s.
    expect(S3_TIMEOUTS).toMatchObject({ pingMs: 2_000, answerMs: 3_000, idleMs: 5_000 });
    // The same bounds a sixth as long: the test waits them out for real.
    const bounds: S3Timeouts = {
      pingMs: 350,
      connectMs: 350,
      answerMs: 500,
      idleMs: 850,
      bodyIdleMs: 10_000,
    };
    const store = new S3FileStore(s3rverOptions(port), bounds);
    const ping = await timed(() => store.ping());
    expect(ping.value).toBe(false);
    expect(ping.ms).toBeLessThan(bounds.pingMs + 500);
    const outcomes = await Promise.all(
      Object.entries(operations(store, 'outage/kept')).map(async ([name, operation]) => ({
        name,
        ...(await timed(operation)),
      })),
    );
    for (const { name, error, ms } of outcomes) {
      expect(error, name).toBeInstanceOf(StoreUnavailableError);
      expect(dependencyUnavailable(error), name).toBe(true);
      // Two attempts bounded by the answer; an upload only has the idle bound per attempt.
      expect(ms, name).toBeLessThan(name === 'put' ? 2 * bounds.idleMs + 2_500 : 2 * bounds.answerMs + 1_500);
    }
  }, 30_000);
});
