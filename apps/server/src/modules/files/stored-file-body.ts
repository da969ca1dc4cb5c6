import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { storedFiles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { type FileStore, ObjectNotFoundError } from '../../lib/file-store/file-store';

type StoredFile = typeof storedFiles.$inferSelect;

/**
 * A stored file's row with its bytes, read from the store. A row whose bytes are gone answers
 * FILE_NOT_FOUND like a missing row, and is logged (an operator restores or deletes it); anything
 * else from the store (away: a 503) is thrown as it is.
 */
export async function withStoredBody(
  store: FileStore,
  log: FastifyBaseLogger,
  file: StoredFile,
): Promise<{ file: StoredFile; body: Readable }> {
  try {
    return { file, body: await store.open(file.storageKey) };
  } catch (error) {
    if (!(error instanceof ObjectNotFoundError)) throw error;
    log.error({ err: error, fileId: file.id, purpose: file.purpose }, 'stored file is missing');
    throw new AppError('FILE_NOT_FOUND');
  }
}
