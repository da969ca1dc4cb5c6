import net from 'node:net';
import tls from 'node:tls';
import { type AnswerHead, splitHead } from './http/answer-head.ts';
import { type BodyFraming, BodyFramingError, framingOf, hasNoBody } from './http/body-framing.ts';
import { PortalTransportError } from './portal-fetch.ts';

/** A file's body, read straight off the connection into one reused buffer. */
export type FileBody = {
  /**
   * Hands every byte of the body, in order, to `onData`: a view of the read buffer, valid until
   * `onData` returns or the promise it returns settles (copy what must outlive that). While such a
   * promise is pending nothing more is read. Settles when the body is whole; rejects with a
   * PortalTransportError when the connection fails, closes early or falls silent, or with what
   * `onData` threw. With `room`, the next read lands in the buffer it returns when the sink is
   * ready (a view of it then reaches `onData`), so the consumer need not copy it.
   */
  pipe(onData: (data: Buffer) => Promise<void> | undefined, room?: () => Buffer): Promise<void>;
  /** Ends the connection, the body unread. */
  discard(): void;
};

/** A GET's answer with its body still to read. */
export type StreamedAnswer = {
  status: number;
  header(name: string): string | null;
  body: FileBody;
  /** The answer read whole into a fetch Response: for a refusal (small), handled as fetch's are. */
  toResponse(): Promise<Response>;
};

/** Trust for an https portal beyond the system's (the tests' own certificate authority). */
export type StreamOptions = { ca?: string };

/**
 * Bytes per read. The kernel hands a read at most what the socket holds, so a large buffer means
 * fewer, larger reads on a fast link and costs nothing on a slow one.
 */
const READ_BUFFER_BYTES = 256 * 1024;
/** A sink's room smaller than this is not read into (the scratch buffer is). */
const MIN_ROOM_BYTES = 16 * 1024;
/** A refusal's body (JSON, a proxy's error page) is read up to this much, the rest not at all. */
const MAX_REFUSAL_BYTES = 1024 * 1024;

/**
 * A GET for a file over a bare socket (HTTP/1.1, TLS for https). Node's http client copies every
 * body chunk it parses into a new Buffer and pushes it through a stream: for a 1.5 GiB mirror that
 * was 0.5 s of copying and 0.45 s of garbage collection on the one thread that also hashes every
 * byte. Here each read lands in one buffer, reused, and is passed on as a view. A head not whole
 * within `timeoutMs`, or silence that long between two reads, ends it with the same errors as
 * fetchWithin.
 * One request per connection (`Connection: close`): a file takes long enough that a new
 * connection's cost does not show.
 */
export function getStreamed(
  url: URL,
  headers: Record<string, string>,
  timeoutMs: number,
  options: StreamOptions = {},
): Promise<StreamedAnswer> {
  return new Promise((resolve, reject) => {
    const request = requestHeadOf(url, headers);
    let phase: 'head' | 'body' | 'done' = 'head';
    let received = Buffer.alloc(0);
    let framing: BodyFraming | null = null;
    let sink: {
      onData: (data: Buffer) => Promise<void> | undefined;
      room?: () => Buffer;
      done: (error?: Error) => void;
    } | null = null;
    /** Whether `sink` takes bytes now: it is there, and no promise of its is pending. */
    let ready = false;
    /**
     * Body bytes (copies) that came while the sink was not ready: with the head, or from a read the
     * pause did not stop in time (TLS may pass on what it already decrypted).
     */
    const backlog: Buffer[] = [];
    /** The connection closed while bytes were still in the backlog. */
    let closed = false;
    /** A failure after the answer and before the body was asked for: reported then. */
    let heldFailure: Error | null = null;

    const finish = (failure?: Error) => {
      clearTimeout(headDeadline);
      if (phase === 'done') return;
      const error = failure instanceof BodyFramingError ? networkError(failure.message) : failure;
      const answered = phase === 'body';
      phase = 'done';
      socket.destroy();
      if (!answered) reject(error);
      else if (sink) sink.done(error);
      else heldFailure = error ?? null;
    };
    const networkError = (reason: string) =>
      new PortalTransportError('error.network', url, reason, timeoutMs);
    /** The connection is gone: a body framed by the close is whole, any other was cut short. */
    const settleClosed = () =>
      framing?.endsAtClose() || framing?.complete ? finish() : finish(networkError('ECONNRESET'));
    /** Ends the exchange once the body is whole; whether it did. */
    const completeNow = () => {
      if (!framing?.complete) return false;
      finish();
      return true;
    };

    /** Hands `parts` over from `from` on; false when the sink asked to wait. */
    const handOver = (parts: Buffer[], from: number): boolean => {
      for (let at = from; at < parts.length; at += 1) {
        const wait = sink?.onData(parts[at] as Buffer);
        if (wait) {
          ready = false;
          // Waiting on the disk or the hash thread is no silence of the portal's: the clock stops.
          socket.setTimeout(0);
          wait
            .then(() => {
              if (phase === 'body' && handOver(parts, at + 1) && !completeNow()) resumeDelivery();
            })
            .catch(finish);
          return false;
        }
      }
      return true;
    };
    /** The body bytes among `bytes` to the sink; false when it must wait or the body is whole. */
    const deliver = (bytes: Buffer): boolean => {
      const parts: Buffer[] = [];
      framing?.feed(bytes, (data) => parts.push(data));
      return handOver(parts, 0) && !completeNow();
    };
    /** The sink is ready (again): the backlog first, then the next reads. */
    const resumeDelivery = () => {
      ready = true;
      while (ready && phase === 'body' && backlog.length > 0) if (!deliver(backlog.shift() as Buffer)) return;
      if (!ready || phase !== 'body' || completeNow()) return;
      if (closed) settleClosed();
      else {
        socket.setTimeout(timeoutMs);
        socket.resume();
      }
    };

    /** Each read; false pauses reading. */
    const onRead = (count: number, buffer: Buffer): boolean => {
      try {
        const bytes = buffer.subarray(0, count);
        if (phase === 'body') {
          if (ready) {
            delivered = buffer;
            return deliver(bytes);
          }
          backlog.push(Buffer.from(bytes));
          return false;
        }
        if (phase !== 'head') return false;
        received = received.length === 0 ? Buffer.from(bytes) : Buffer.concat([received, bytes]);
        const split = splitHead(received);
        if (!split) return true;
        received = Buffer.alloc(0);
        clearTimeout(headDeadline);
        framing = framingOf(split.head.status, split.head.headers);
        if (split.rest.length > 0) backlog.push(split.rest);
        phase = 'body';
        resolve(answerOf(split.head, body));
        // Held until the body is asked for (or discarded).
        return false;
      } catch (error) {
        finish(error as Error);
        return false;
      }
    };

    const body: FileBody = {
      pipe: (onData, room) =>
        new Promise<void>((done, fail) => {
          if (sink) throw new Error('the body is read once');
          if (phase === 'done') {
            if (heldFailure) fail(heldFailure);
            else done();
            return;
          }
          sink = { onData, room, done: (error) => (error ? fail(error) : done()) };
          try {
            resumeDelivery();
          } catch (error) {
            finish(error as Error);
          }
        }),
      discard: () => finish(),
    };

    const scratch = Buffer.allocUnsafe(READ_BUFFER_BYTES);
    /**
     * Where reads land while the sink waits on a view of `scratch`: TLS passes on what it already
     * decrypted after the pause, and that must not overwrite the views the sink still holds.
     */
    let overflow: Buffer | null = null;
    /** The buffer the last read handed to the sink landed in (views of it may be pending). */
    let delivered: Buffer | null = null;
    /**
     * Where the next read lands, asked after each read: the sink's room while it takes bytes, else
     * a scratch buffer (the head, and anything read while the sink waits, is copied from there).
     */
    const nextReadBuffer = (): Buffer => {
      if (ready && phase === 'body') {
        const room = sink?.room?.();
        return room && room.length >= MIN_ROOM_BYTES ? room : scratch;
      }
      if (delivered !== scratch) return scratch;
      overflow ??= Buffer.allocUnsafe(READ_BUFFER_BYTES);
      return overflow;
    };
    const socket = connect(url, options, { buffer: nextReadBuffer, callback: onRead });
    // The head must be whole within `timeoutMs` of the start, not only never silent that long: a
    // portal trickling it a byte at a time would otherwise hold the client as long as it likes.
    const headDeadline = setTimeout(() => {
      if (phase === 'head')
        finish(new PortalTransportError('error.portalTimeout', url, 'timeout', timeoutMs));
    }, timeoutMs);
    socket.setTimeout(timeoutMs, () => {
      const key = phase === 'head' ? 'error.portalTimeout' : 'error.portalStalled';
      finish(new PortalTransportError(key, url, 'timeout', timeoutMs));
    });
    socket.on('error', (error: NodeJS.ErrnoException) => finish(networkError(error.code ?? error.message)));
    socket.on('close', () => {
      if (phase !== 'body') finish(networkError('ECONNRESET'));
      else if (ready && backlog.length === 0) settleClosed();
      else closed = true;
    });
    // Over TLS, the request (and its token) goes out only once the certificate was verified.
    if (socket instanceof tls.TLSSocket) socket.once('secureConnect', () => socket.write(request));
    else socket.write(request);
  });
}

function connect(
  url: URL,
  options: StreamOptions,
  onread: { buffer: () => Buffer; callback: (count: number, buffer: Buffer) => boolean },
): net.Socket {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (url.protocol === 'https:') {
    const port = Number(url.port || 443);
    const servername = net.isIP(host) ? undefined : host;
    // `onread` is tls.connect's too (Node 15.8+), though @types/node lists it for net alone.
    const tlsOptions = { host, port, servername, ALPNProtocols: ['http/1.1'], ca: options.ca, onread };
    return tls.connect(tlsOptions as tls.ConnectionOptions);
  }
  return net.connect({ host, port: Number(url.port || 80), onread });
}

function requestHeadOf(url: URL, headers: Record<string, string>): string {
  const fields = { host: url.host, connection: 'close', ...headers };
  const lines = [`GET ${url.pathname}${url.search} HTTP/1.1`];
  for (const [name, value] of Object.entries(fields)) {
    // A header is never built from the portal's answers, but a token from a config file could
    // carry a line break: refused, as node:http refuses it.
    if (/[\r\n]/.test(name) || /[\r\n]/.test(value)) throw new TypeError(`invalid header ${name}`);
    lines.push(`${name}: ${value}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function answerOf(head: AnswerHead, body: FileBody): StreamedAnswer {
  const { status, headers } = head;
  return {
    status,
    header: (name) => headers.get(name.toLowerCase()) ?? null,
    body,
    toResponse: async () => {
      const chunks: Buffer[] = [];
      let size = 0;
      // Past its first MiB a refusal is cut off, the connection with it: a proxy's endless error
      // page would otherwise be read to its end.
      const enough = new Error('refusal read far enough');
      await body
        .pipe((data) => {
          chunks.push(Buffer.from(data.subarray(0, MAX_REFUSAL_BYTES - size)));
          size += data.length;
          if (size >= MAX_REFUSAL_BYTES) throw enough;
          return undefined;
        })
        .catch((error: unknown) => {
          if (error !== enough) throw error;
        });
      const usable = status >= 200 && status <= 599;
      const answerHeaders = new Headers();
      for (const [name, value] of headers) answerHeaders.set(name, value);
      return new Response(hasNoBody(status) || status === 205 || !usable ? null : Buffer.concat(chunks), {
        status: usable ? status : 502,
        headers: answerHeaders,
      });
    },
  };
}
