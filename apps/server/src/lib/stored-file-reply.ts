import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What the answer needs of a stored file's row. */
type StoredFileHead = { sha256: string; contentType: string; size: number };

/**
 * Answers a stored file (an avatar, an editor image) to be shown inline, its digest as the ETag:
 * 304 with no body when the browser holds that version already (the stream is closed unread),
 * else the bytes. `cacheControl` says who may keep it and for how long.
 */
export function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { file, body }: { file: StoredFileHead; body: Readable },
  cacheControl: string,
) {
  const etag = `"${file.sha256}"`;
  reply
    .header('content-type', file.contentType)
    .header('etag', etag)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline');
  if (request.headers['if-none-match'] === etag) {
    body.destroy();
    return reply.code(304).send();
  }
  return reply.header('content-length', String(file.size)).send(body);
}
