import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { ByteRange } from '../../lib/file-store/file-store';
import { attachmentDisposition } from '../../lib/content-disposition';
import { decideRange, ifRangeHolds } from './byte-range';

/** A stored file as an answer describes it. */
export type FileHead = { size: number; sha256: string; fileName: string; lastModified: Date | null };

/**
 * Decides what a GET/HEAD of `file` answers (Range, If-Range against the ETag = quoted
 * SHA-256) and writes its status and headers: 200 or 206 with Content-Range, or a 416
 * RANGE_NOT_SATISFIABLE. Catalogue downloads and task results answer alike through it.
 * Answers the bytes to send (`range` undefined for the whole file) and how many.
 */
export function writeFileHead(
  request: FastifyRequest,
  reply: FastifyReply,
  file: FileHead,
): { range: ByteRange | undefined; length: number } {
  const etag = `"${file.sha256}"`;
  const ifRange = request.headers['if-range'];
  const decision = ifRangeHolds(Array.isArray(ifRange) ? ifRange[0] : ifRange, etag, file.lastModified)
    ? decideRange(request.headers.range, file.size)
    : ({ kind: 'full' } as const);
  if (decision.kind === 'unsatisfiable')
    throw new AppError('RANGE_NOT_SATISFIABLE', {
      params: { size: file.size },
      headers: { 'content-range': `bytes */${file.size}` },
    });
  const range = decision.kind === 'partial' ? decision.range : { start: 0, end: file.size - 1 };
  const length = file.size === 0 ? 0 : range.end - range.start + 1;
  reply
    .code(decision.kind === 'partial' ? 206 : 200)
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('content-type', 'application/octet-stream')
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('content-length', String(length))
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff');
  if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
  if (decision.kind === 'partial')
    reply.header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  return { range: decision.kind === 'partial' ? range : undefined, length };
}
