import type { Readable } from 'node:stream';

export type StoredObject = { size: number; sha256: string };

/**
 * Where uploaded bytes live. `put` is atomic: a reader never sees a partial
 * object, and a failed or aborted upload leaves nothing behind. The local
 * driver is the default; object storage plugs in behind the same interface.
 */
export interface FileStore {
  /** Streams `body` to `key`; `maxBytes` aborts (and removes) anything larger. */
  put(key: string, body: Readable, options?: { maxBytes?: number }): Promise<StoredObject>;
  open(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`object larger than ${maxBytes} bytes`);
  }
}
