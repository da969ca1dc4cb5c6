import { type Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentDisposition } from '../content-disposition';
import { dependencyUnavailable } from '../pg-errors';
import { uploadMeter } from './upload-meter';
import {
  type ByteRange,
  type FileStore,
  type ListedObject,
  ObjectNotFoundError,
  ObjectTooLargeError,
  type StoredObject,
  StoreUnavailableError,
} from './file-store';

export type S3Options = {
  /** e.g. https://s3.example.com or http://127.0.0.1:4569; unset for AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (http://host/bucket/key): MinIO, Ceph and s3rver want them. */
  forcePathStyle: boolean;
};

/** The first `bytes` bytes of `source`; the rest is not read (the connection is released). */
function limitBytes(source: Readable, bytes: number): Readable {
  let left = bytes;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (left <= 0) return callback();
      const part = chunk.length > left ? chunk.subarray(0, left) : chunk;
      left -= part.length;
      this.push(part);
      if (left === 0) {
        this.push(null);
        source.unpipe(limited);
        source.destroy();
      }
      callback();
    },
  });
  source.on('error', (error) => limited.destroy(error));
  return source.pipe(limited);
}

/** Multipart part size: 8 MiB keeps memory at partSize x queueSize per upload. */
const PART_BYTES = 8 * 1024 * 1024;
const PARALLEL_PARTS = 2;
/** A readiness probe that waits longer than this counts the store as down. */
const PING_TIMEOUT_MS = 2_000;
/**
 * Bounds that make an unreachable or silent store fail a request in seconds (the SDK waits
 * forever by default): a connection must be made within CONNECT_TIMEOUT_MS, a request without a
 * large body (HEAD, GET, DELETE, LIST) answered within ANSWER_TIMEOUT_MS, and no connection may
 * stay silent longer than IDLE_TIMEOUT_MS. Uploads get no answer bound (an 8 MiB part takes as
 * long as the link needs), only the idle one: a silent store fails an upload in about 2 x 5 s.
 * A GET body is read at the pace of the client it is streamed to, who may pause: its connection
 * may idle for BODY_IDLE_TIMEOUT_MS, like nginx's send_timeout. One retry: a store that refused
 * twice is down, and the portal's clients (503 with Retry-After) and the task queue retry later.
 */
const CONNECT_TIMEOUT_MS = 2_000;
const ANSWER_TIMEOUT_MS = 3_000;
/** Below 6 s the SDK arms it at once (longer ones 3 s late). */
const IDLE_TIMEOUT_MS = 5_000;
const BODY_IDLE_TIMEOUT_MS = 60_000;
const MAX_ATTEMPTS = 2;

/** The bounds above, as a store is built with them; tests pass shorter ones to wait less. */
export const S3_TIMEOUTS = {
  pingMs: PING_TIMEOUT_MS,
  connectMs: CONNECT_TIMEOUT_MS,
  answerMs: ANSWER_TIMEOUT_MS,
  idleMs: IDLE_TIMEOUT_MS,
  bodyIdleMs: BODY_IDLE_TIMEOUT_MS,
};
export type S3Timeouts = typeof S3_TIMEOUTS;

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error as { name?: string }).name === 'NotFound' ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * The store is away, overloaded or too slow (refused or cut connections, a timeout, a 5xx such as
 * 503 SlowDown) rather than refusing this request (403, 404, 400): worth a 503 and a later retry.
 */
function storeUnavailable(error: unknown): boolean {
  const failure = error as { name?: unknown; $metadata?: { httpStatusCode?: number } };
  const status = failure.$metadata?.httpStatusCode;
  return (
    failure.name === 'TimeoutError' || dependencyUnavailable(error) || (status !== undefined && status >= 500)
  );
}

/** What a failed request rejects with: StoreUnavailableError for an outage, else the SDK's error. */
const classified = (error: unknown) => (storeUnavailable(error) ? new StoreUnavailableError(error) : error);

function clientOptions(options: S3Options, connectTimeoutMs: number, idleTimeoutMs: number): S3ClientConfig {
  return {
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: {
      connectionTimeout: connectTimeoutMs,
      socketTimeout: idleTimeoutMs,
      // Without it the SDK only logs a warning when ANSWER_TIMEOUT_MS passes, and keeps waiting.
      throwOnRequestTimeout: true,
    },
  };
}

/**
 * Objects in an S3-compatible bucket. Uploads stream through lib-storage (multipart above 8
 * MiB); an object only appears when the upload completes, and a failed or too large one is
 * aborted, so nothing partial is ever visible. Checksums are computed by the portal on the way
 * (the SDK's own are set to WHEN_REQUIRED: with streamed bodies they corrupt uploads on some
 * servers, see the stack notes). Every request is bounded in time (see CONNECT_TIMEOUT_MS), and
 * one that fails because the store is away rejects with StoreUnavailableError (answered 503).
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  /** GetObject only: its bodies may idle while the client they stream to pauses. */
  private readonly bodies: S3Client;
  private readonly timeouts: S3Timeouts;
  /** Send options of a request without a large body: answered within `answerMs`. */
  private readonly answerBound: { requestTimeout: number };

  constructor(
    private readonly options: S3Options,
    timeouts: Partial<S3Timeouts> = {},
  ) {
    this.timeouts = { ...S3_TIMEOUTS, ...timeouts };
    const { connectMs, idleMs, bodyIdleMs, answerMs } = this.timeouts;
    this.answerBound = { requestTimeout: answerMs };
    this.client = new S3Client(clientOptions(options, connectMs, idleMs));
    this.bodies = new S3Client(clientOptions(options, connectMs, bodyIdleMs));
  }

  async put(key: string, body: Readable, options: { maxBytes?: number } = {}): Promise<StoredObject> {
    const { stream: meter, stored } = uploadMeter(options.maxBytes);
    // A failing source must fail the upload too (pipe() alone would leave the meter waiting).
    let failure: unknown;
    body.on('error', (error) => {
      failure = error;
      meter.destroy(error);
    });
    meter.on('error', (error) => {
      // Its own refusal only: the SDK ending its read of a failed upload aborts the meter too
      // (ABORT_ERR), which must not hide why the upload failed.
      if (error instanceof ObjectTooLargeError) failure ??= error;
    });
    body.pipe(meter);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: key, Body: meter, ContentType: 'application/octet-stream' },
      partSize: PART_BYTES,
      queueSize: PARALLEL_PARTS,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      const reason = failure ?? classified(error);
      // As a failed pipeline does: the source stops too, so whoever writes into it (the ISO writer,
      // a bundle) fails at once instead of waiting for a reader that is gone.
      body.unpipe(meter);
      body.destroy();
      meter.destroy();
      await upload.abort().catch(() => undefined);
      throw reason;
    }
    if (failure) {
      // The stream failed after the last part went out: the object must not stay (if the store
      // went away meanwhile, the orphan sweep removes it later).
      await this.remove(key).catch(() => undefined);
      throw failure;
    }
    return stored();
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const answer = await this.bodies.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
        this.answerBound,
      );
      const body = answer.Body as Readable;
      if (!range) return body;
      const wanted = range.end - range.start + 1;
      // Some S3 servers answer more than asked (s3rver reads `bytes=0-0` as open-ended): the
      // reply states what it holds, and anything beyond the range is cut off here.
      return answer.ContentLength !== undefined && answer.ContentLength > wanted
        ? limitBytes(body, wanted)
        : body;
    } catch (error) {
      if (isMissing(error)) throw new ObjectNotFoundError(key);
      throw classified(error);
    }
  }

  async ping(onFailure?: (error: unknown) => void): Promise<boolean> {
    const deadline = AbortSignal.timeout(this.timeouts.pingMs);
    try {
      // HeadBucket needs the bucket and the credentials to be right, not only the server up.
      await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }), {
        abortSignal: deadline,
      });
      return true;
    } catch (error) {
      // The SDK rejects an aborted request with an AbortError of its own: the deadline's reason
      // (a TimeoutError) says what happened.
      onFailure?.(deadline.aborted ? deadline.reason : error);
      return false;
    }
  }

  async stat(key: string): Promise<{ size: number; modifiedAt: Date } | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }),
        this.answerBound,
      );
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw classified(error);
    }
  }

  async remove(key: string): Promise<void> {
    await this.client
      .send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }), this.answerBound)
      .catch((error: unknown) => {
        throw classified(error);
      });
  }

  /**
   * The bucket's objects under `prefix`, a page (up to 1,000) at a time. Uploads cut off by a crash
   * are not objects and are not listed: the bucket's `AbortIncompleteMultipartUpload` lifecycle
   * rule removes their parts.
   */
  async *list(prefix: string): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.client
        .send(
          new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: prefix, ContinuationToken: token }),
          this.answerBound,
        )
        .catch((error: unknown) => {
          throw classified(error);
        });
      for (const object of page.Contents ?? [])
        if (object.Key && object.LastModified)
          yield { key: object.Key, modifiedAt: object.LastModified, partial: false };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  presignedDownloadUrl(
    key: string,
    options: { fileName: string; expiresInSeconds: number },
  ): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(options.fileName),
        ResponseContentType: 'application/octet-stream',
      }),
      { expiresIn: options.expiresInSeconds },
    );
  }
}
