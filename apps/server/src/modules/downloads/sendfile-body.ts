import type { FileHandle } from 'node:fs/promises';
import type { OutgoingHttpHeaders } from 'node:http';
import { TLSSocket } from 'node:tls';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendfileAvailable, sendfileToSocket } from './native-sendfile';

/**
 * The file descriptor of the request's socket when its body can go out with sendfile(2):
 * HTTP/1 over plain TCP (not TLS, not an injected test request), with the addon loaded.
 */
export function sendfileSocketFd(request: FastifyRequest): number | null {
  if (!sendfileAvailable || request.raw.httpVersionMajor !== 1) return null;
  const socket = request.raw.socket as (typeof request.raw.socket & { _handle?: { fd?: unknown } }) | null;
  if (!socket || socket instanceof TLSSocket) return null;
  const fd = socket._handle?.fd;
  return typeof fd === 'number' && fd >= 0 ? fd : null;
}

/**
 * Writes the head Fastify prepared, then lets the kernel send `length` bytes of `handle` from
 * `start`: no byte passes through JavaScript (bench/README.md). The reply is hijacked, so the
 * connection stays usable for keep-alive when the body completes. Closes `handle`; `onEnd`
 * gets whether every byte went out and how many were handed to the socket.
 */
export async function sendBodyWithSendfile(
  request: FastifyRequest,
  reply: FastifyReply,
  body: { handle: FileHandle; socketFd: number; start: number; length: number },
  onEnd: (complete: boolean, bytes: number) => void,
): Promise<void> {
  const { handle, socketFd, start, length } = body;
  reply.hijack();
  const response = reply.raw;
  try {
    response.writeHead(reply.statusCode, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'x-request-id': request.id,
    });
    response.flushHeaders();
    // The head has to be in the kernel before the body: wait for Node's queue to empty.
    const socket = response.socket;
    const flushed =
      socket !== null &&
      (await new Promise<boolean>((resolve) => socket.write('', (error) => resolve(!error))));
    if (!flushed || response.destroyed || length === 0) {
      if (flushed && !response.destroyed) response.end();
      onEnd(flushed && length === 0, 0);
      return;
    }
    const transfer = sendfileToSocket(socketFd, handle.fd, start, length);
    const cancel = () => transfer.cancel();
    response.once('close', cancel);
    const { sent, error } = await transfer.done;
    response.off('close', cancel);
    if (error === null) response.end();
    else {
      request.log.debug({ errno: error, sent }, 'sendfile download ended early');
      response.destroy();
    }
    onEnd(error === null, sent);
  } finally {
    await handle.close().catch(() => undefined);
  }
}
