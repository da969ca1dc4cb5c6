import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';

/** The `code` of {@link StoreUnavailableError}. */
export const STORE_UNAVAILABLE_CODE = 'ESTOREUNAVAILABLE';

export type StoredObject = { size: number; sha256: string };

/** Inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export type ByteRange = { start: number; end: number };

/** One entry of {@link FileStore.list}. */
export type ListedObject = {
  key: string;
  /** When its bytes were last written (object storage: when the upload began). */
  modifiedAt: Date;
  /** The temporary file of a write that has not finished (or was cut off by a crash). */
  partial: boolean;
};

/**
 * Where uploaded bytes live. `put` is atomic: a reader never sees a partial
 * object, and a failed or aborted upload leaves nothing behind. The local
 * driver is the default; object storage plugs in behind the same interface.
 */
export interface FileStore {
  /** Streams `body` to `key`; `maxBytes` aborts (and removes) anything larger. */
  put(key: string, body: Readable, options?: { maxBytes?: number }): Promise<StoredObject>;
  /**
   * The object's bytes, or only `range` of them; rejects with {@link ObjectNotFoundError} when absent.
   * `chunkBytes`, asked before each read, sizes the chunks (so a server streaming many files can
   * shrink them as load grows); drivers that read in chunks of their own ignore it.
   */
  open(key: string, range?: ByteRange, options?: { chunkBytes?: () => number }): Promise<Readable>;
  /**
   * Local folder only: the open file (the caller closes it), so downloads can be sent by the
   * kernel with sendfile(2) instead of being read through JavaScript. Rejects like `open`.
   */
  openHandle?(key: string): Promise<FileHandle>;
  /**
   * True when the store answers and can be written to (readiness probes); never throws: a failure
   * goes to `onFailure`, so readiness can log why (credentials, network, timeout, disk full).
   */
  ping(onFailure?: (error: unknown) => void): Promise<boolean>;
  /** The object's size and when it was last written, or null when it does not exist. */
  stat(key: string): Promise<{ size: number; modifiedAt: Date } | null>;
  remove(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix` (e.g. `avatars/`), in no set order, temporary
   * files of unfinished writes included (their keys can be passed to `remove`). For the orphan sweep.
   */
  list(prefix: string): AsyncIterable<ListedObject>;
  /**
   * Object storage only: a short-lived URL the client fetches the bytes from
   * directly (called only after the portal's own access check). The URL makes
   * the storage answer with `Content-Disposition: attachment` naming `fileName`.
   */
  presignedDownloadUrl?(
    key: string,
    options: { fileName: string; expiresInSeconds: number },
  ): Promise<string>;
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`object larger than ${maxBytes} bytes`);
  }
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`object ${key} not found`);
  }
}

/**
 * The store is away, overloaded or too slow (connection refused or cut, a timeout, a 5xx): the
 * request was not carried out and may be tried again. Answered 503 with Retry-After.
 */
export class StoreUnavailableError extends Error {
  /** What `dependencyUnavailable` (lib/pg-errors.ts) recognises, as it does a socket error's code. */
  readonly code = STORE_UNAVAILABLE_CODE;
  constructor(cause: unknown) {
    super('object store unavailable', { cause });
  }
}
