import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import S3rver, { type S3rverEvent } from 's3rver';
import type { Config } from '../config';
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

/** The portal's settings (S3_*) for the file store in the bucket `options` name. */
export function s3Config(options: S3Options): Partial<Config> {
  return {
    S3_BUCKET: options.bucket,
    S3_ENDPOINT: options.endpoint,
    S3_REGION: options.region,
    S3_ACCESS_KEY_ID: options.accessKeyId,
    S3_SECRET_ACCESS_KEY: options.secretAccessKey,
    S3_FORCE_PATH_STYLE: options.forcePathStyle,
  };
}

type RequestListener = (method: string, url: string) => void;

async function runS3rver(
  directory: string,
  port: number,
  onEvent: (event: S3rverEvent) => void,
  onRequest: RequestListener,
) {
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  server.on('event', onEvent);
  const address = (await server.run()) as { port: number };
  server.httpServer?.on('request', (request: IncomingMessage) =>
    onRequest(request.method ?? '', request.url ?? ''),
  );
  return { server, port: address.port };
}

/**
 * A real S3-compatible server (s3rver) on a free port with one bucket, for storage tests.
 * `halt` stops it as a crash or an outage would (listener closed, every connection cut, requests
 * in flight included), keeping its folder; `restart` brings it back on the same port and folder.
 * `onEvent` hears of every object s3rver stored or removed (before it answers the request),
 * `onRequest` of every request as it arrives.
 */
export async function startS3Server(): Promise<{
  options: S3Options;
  stop(): Promise<void>;
  halt(): Promise<void>;
  restart(): Promise<void>;
  onEvent(listener: ((event: S3rverEvent) => void) | null): void;
  onRequest(listener: RequestListener | null): void;
}> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  let listener: ((event: S3rverEvent) => void) | null = null;
  let requestListener: RequestListener | null = null;
  const forward = (event: S3rverEvent) => listener?.(event);
  const forwardRequest: RequestListener = (method, url) => requestListener?.(method, url);
  const first = await runS3rver(directory, 0, forward, forwardRequest);
  const { port } = first;
  let { server } = first;
  let running = true;
  const halt = async () => {
    if (!running) return;
    running = false;
    const closed = server.close();
    server.httpServer?.closeAllConnections();
    await closed;
  };
  return {
    options: s3rverOptions(port),
    halt,
    restart: async () => {
      if (running) return;
      ({ server } = await runS3rver(directory, port, forward, forwardRequest));
      running = true;
    },
    onEvent: (next) => {
      listener = next;
    },
    onRequest: (next) => {
      requestListener = next;
    },
    stop: async () => {
      await halt();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
