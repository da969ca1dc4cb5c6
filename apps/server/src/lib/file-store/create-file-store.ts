import path from 'node:path';
import type { Config } from '../../config';
import type { FileStore } from './file-store';
import { LocalFileStore } from './local-file-store';

type StoreConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'DATA_DIR_RESERVE_MB'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/**
 * The configured file store: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/files.
 * The S3 driver is imported only then: the AWS SDK alone holds tens of MB a local portal never uses.
 */
export async function createFileStore(config: StoreConfig): Promise<FileStore> {
  if (config.S3_BUCKET) {
    const { S3FileStore } = await import('./s3-file-store');
    return new S3FileStore({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      // loadConfig refuses S3_BUCKET without both keys.
      accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalFileStore(path.join(config.DATA_DIR, 'files'), {
    reserveBytes: config.DATA_DIR_RESERVE_MB * 1024 * 1024,
  });
}
