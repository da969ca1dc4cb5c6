import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { type FileStore, ObjectNotFoundError } from '../../lib/file-store/file-store';
import { writeFileHead } from '../downloads/file-answer-head';

export type ResultTarget = {
  storageKey: string;
  fileName: string;
  size: number;
  sha256: string;
  lastModified: Date | null;
};

/**
 * Sends a task's result like a catalogue file (Range, If-Range, ETag = quoted
 * SHA-256; a 302 to a short-lived presigned URL with object storage) without the
 * catalogue's download records: the result is the user's own file.
 */
export async function sendTaskResult(
  request: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  target: ResultTarget,
  /** Reserves the bytes of a GET against a quota (token downloads); throws when they do not fit. */
  chargeBytes?: (bytes: number) => Promise<void>,
) {
  // A client sending Authorization (scripts with a token) would send it to object storage too,
  // which refuses two kinds of authentication: it gets the bytes from the portal.
  if (store.presignedDownloadUrl && request.headers.authorization === undefined) {
    const url = await store.presignedDownloadUrl(target.storageKey, {
      fileName: target.fileName,
      expiresInSeconds: 300,
    });
    return reply.code(302).header('location', url).header('cache-control', 'no-store').send();
  }
  const { range, length } = writeFileHead(request, reply, target);
  if (request.method === 'HEAD') return reply.send();
  await chargeBytes?.(length);
  const source = await store.open(target.storageKey, range).catch((error: unknown) => {
    if (error instanceof ObjectNotFoundError) throw new AppError('TASK_RESULT_GONE');
    throw error;
  });
  return reply.send(source);
}
