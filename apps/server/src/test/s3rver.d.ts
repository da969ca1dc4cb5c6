/** s3rver ships no types; the part the storage tests use. */
declare module 's3rver' {
  type BucketConfig = { name: string };
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: BucketConfig[];
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
