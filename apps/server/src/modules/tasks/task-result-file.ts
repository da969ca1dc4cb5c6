import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { attachmentDisposition } from '../../lib/content-disposition';
import { type FileStore, ObjectNotFoundError } from '../../lib/file-store/file-store';
import { decideRange, ifRangeHolds } from '../downloads/byte-range';

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
  const etag = `"${target.sha256}"`;
  const ifRange = request.headers['if-range'];
  const decision = ifRangeHolds(Array.isArray(ifRange) ? ifRange[0] : ifRange, etag, target.lastModified)
    ? decideRange(request.headers.range, target.size)
    : ({ kind: 'full' } as const);
  if (decision.kind === 'unsatisfiable')
    throw new AppError('RANGE_NOT_SATISFIABLE', {
      params: { size: target.size },
      headers: { 'content-range': `bytes */${target.size}` },
    });
  const range = decision.kind === 'partial' ? decision.range : { start: 0, end: target.size - 1 };
  reply
    .code(decision.kind === 'partial' ? 206 : 200)
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('content-type', 'application/octet-stream')
    .header('content-disposition', attachmentDisposition(target.fileName))
    .header('content-length', String(target.size === 0 ? 0 : range.end - range.start + 1))
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff');
  if (decision.kind === 'partial')
    reply.header('content-range', `bytes ${range.start}-${range.end}/${target.size}`);
  if (request.method === 'HEAD') return reply.send();
  await chargeBytes?.(target.size === 0 ? 0 : range.end - range.start + 1);
  const source = await store
    .open(target.storageKey, decision.kind === 'partial' ? range : undefined)
    .catch((error: unknown) => {
      if (error instanceof ObjectNotFoundError) throw new AppError('TASK_RESULT_GONE');
      throw error;
    });
  return reply.send(source);
}
