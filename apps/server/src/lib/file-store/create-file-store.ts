import path from 'node:path';
import type { Config } from '../../config';
import type { FileStore } from './file-store';
import { LocalFileStore } from './local-file-store';

/** The configured file store: a folder under DATA_DIR (object storage joins here when configured). */
export function createFileStore(config: Pick<Config, 'DATA_DIR'>): FileStore {
  return new LocalFileStore(path.join(config.DATA_DIR, 'files'));
}
