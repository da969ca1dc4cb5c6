import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { dependencyUnavailable } from '../../lib/pg-errors';
import { type ByteRange, type FileStore, ObjectNotFoundError } from '../../lib/file-store/file-store';
import { writeFileHead } from './file-answer-head';
import { bytesNginxSends } from './nginx-offload';
import { attachmentDisposition } from '../../lib/content-disposition';
import type { DownloadService, DownloadTarget } from './download.service';
import { sendBodyWithSendfile, sendfileSocketFd } from './sendfile-body';

/**
 * Answers GET or HEAD for a file the viewer may download: a 302 to object storage
 * when the store presigns (and the client sent no Authorization header), else the bytes streamed from the store (Range, If-Range,
 * ETag; sent by the kernel when it can). Every GET leaves a record: written before the first
 * byte (or before a hand-over answer), completed once the response finishes or the client
 * goes away.
 */
export async function sendDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  context: {
    userId: number | null;
    target: DownloadTarget;
    store: FileStore;
    downloads: DownloadService;
    /** DOWNLOAD_OFFLOAD=x-accel: nginx's internal location serving the store's folder. */
    offloadPrefix: string | null;
    /** DOWNLOAD_SENDFILE=auto: local files go out with sendfile(2) when the connection allows it. */
    sendfile: boolean;
    /** Reserves the bytes of a GET against a quota (token downloads); throws when they do not fit. */
    chargeBytes?: (bytes: number) => Promise<void>;
  },
) {
  const { userId, target, store, downloads, offloadPrefix } = context;
  const isGet = request.method === 'GET';
  const rangeHeader = request.headers.range;
  const outcome = {
    userId,
    versionId: target.versionId,
    fileSize: target.size,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  };

  // Someone else serves the bytes (object storage, or nginx in front): a request without Range is a whole download.
  const recordHandOver = async () => {
    if (isGet)
      await downloads.recordNow({
        ...outcome,
        bytes: 0,
        range: (rangeHeader ?? '').slice(0, 128),
        status: 'redirect',
        countsAsDownload: rangeHeader === undefined,
      });
  };
  // A client that sent an Authorization header (wget --header, aria2c --header, scripts) sends
  // it again after a redirect, and object storage refuses a request carrying two kinds of
  // authentication: those get the bytes from the portal. Links (tickets, public) redirect.
  const redirect = request.headers.authorization === undefined ? await downloads.redirectUrl(target) : null;
  if (redirect !== null) {
    await recordHandOver();
    return reply.code(302).header('location', redirect).header('cache-control', 'no-store').send();
  }
  if (offloadPrefix !== null) {
    if (isGet && context.chargeBytes)
      await context.chargeBytes(await bytesNginxSends(request.headers, target, store));
    await recordHandOver();
    // nginx answers Range and If-Range itself and keeps Content-Type and Content-Disposition.
    return reply
      .header('x-accel-redirect', `${offloadPrefix}${target.storageKey}`)
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', attachmentDisposition(target.fileName))
      .header('cache-control', 'private, no-cache')
      .send();
  }

  const head = writeFileHead(request, reply, target);
  const range = head.range ?? { start: 0, end: target.size - 1 };
  const { length } = head;
  if (!isGet) return reply.send();
  await context.chargeBytes?.(length);

  const partialRange = head.range ? `bytes=${range.start}-${range.end}` : '';
  const recordId = await downloads.begin({ ...outcome, range: partialRange });
  let recorded = false;
  const record = (complete: boolean, bytes: number) => {
    if (recorded) return;
    recorded = true;
    downloads.record({
      ...outcome,
      recordId,
      bytes: complete ? length : Math.max(0, Math.min(length, bytes)),
      range: partialRange,
      status: complete ? 'complete' : 'partial',
      countsAsDownload: complete && range.end === target.size - 1,
    });
  };
  const openFailed = (error: unknown): never => {
    // The row `begin` wrote is completed (nothing sent), never left 'started' as if a transfer
    // had been cut with nobody to say how far it got.
    record(false, 0);
    if (error instanceof ObjectNotFoundError)
      throw new AppError(target.itemKind === 'DOCUMENT' ? 'DOCUMENT_NOT_FOUND' : 'FILE_NOT_FOUND');
    // The store away since the file was checked: 503 with Retry-After (the error handler's).
    if (dependencyUnavailable(error)) throw error;
    request.log.error({ err: error, versionId: target.versionId }, 'stored file could not be opened');
    throw new AppError('DOWNLOAD_FAILED');
  };

  const socketFd = context.sendfile && store.openHandle ? sendfileSocketFd(request) : null;
  if (socketFd !== null && store.openHandle) {
    const handle = await store.openHandle(target.storageKey).catch(openFailed);
    return sendBodyWithSendfile(request, reply, { handle, socketFd, start: range.start, length }, record);
  }
  return streamBody(
    request,
    reply,
    { store, target, range: head.range },
    {
      chunks: downloads.chunks,
      openFailed,
      record,
    },
  );
}

/** The body read through JavaScript in budgeted chunks: object storage, TLS, or no sendfile addon. */
async function streamBody(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { store: FileStore; target: DownloadTarget; range: ByteRange | undefined },
  handlers: {
    chunks: DownloadService['chunks'];
    openFailed: (error: unknown) => never;
    record: (complete: boolean, bytes: number) => void;
  },
) {
  const slot = handlers.chunks.acquire();
  const source = await file.store
    .open(file.target.storageKey, file.range, { chunkBytes: slot.chunkBytes })
    .catch((error: unknown) => {
      slot.release();
      return handlers.openFailed(error);
    });
  let handed = 0;
  // Counted on the source itself: paused first, so this listener does not start the flow
  // before Fastify pipes the stream (a Transform in between costs half the throughput).
  source.pause();
  source.on('data', (chunk: Buffer) => {
    handed += chunk.length;
  });
  const response = reply.raw;
  const finish = (complete: boolean) => {
    slot.release();
    handlers.record(complete, handed - response.writableLength);
  };
  // 'finish': every byte went to the socket; 'close' without it: the client went away.
  response.once('finish', () => finish(true));
  response.once('close', () => finish(false));
  if (response.destroyed) {
    // The client left while the file was being opened: nothing to send, 'close' has already fired.
    source.destroy();
    finish(false);
    return reply.hijack();
  }
  return reply.send(source);
}
