/** s3rver ships no types; the part the storage tests use. */
declare module 's3rver' {
  import type { Server } from 'node:http';

  type BucketConfig = { name: string };
  /** An S3 event notification s3rver emits when it stored or removed an object. */
  export type S3rverEvent = {
    Records: { eventName: string; s3: { object: { key: string } } }[];
  };
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: BucketConfig[];
    });
    /** The listening server once `run` resolved. */
    readonly httpServer?: Server;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    on(event: 'event', listener: (event: S3rverEvent) => void): this;
  }
}
