import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSelfSignedCertificate, type SelfSignedCertificate } from '../../../tools/bmc-sim/tls.ts';
import { PortalTransportError } from './portal-fetch.ts';
import { getStreamed, type StreamedAnswer } from './portal-stream.ts';

const payload = randomBytes(6 * 1024 * 1024 + 123);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type Server = { url: string; close: () => Promise<void> };

/** A server that answers each connection as `answer` says, raw. */
async function listen(server: net.Server, scheme = 'http'): Promise<Server> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    close: () => {
      (server as http.Server).closeAllConnections?.();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
/**
 * A raw server: its sockets ignore their errors, since these tests' client gives up on purpose and
 * resets the connection while the server still writes (a hang-up with bytes unread arrives as a
 * reset; unheard, it failed a CI run).
 */
const raw = (answer: (socket: net.Socket) => void) =>
  listen(
    net.createServer((socket) => {
      socket.on('error', () => undefined);
      answer(socket);
    }),
  );
/** A server that answers each request with `text`, raw, and keeps the connection open. */
const answering = (text: string) =>
  raw((socket) =>
    socket.once('data', () => {
      socket.write(text);
      socket.resume();
    }),
  );

/** Reads a body whole; every third piece is taken after a pause, as a busy disk would. */
async function readAll(answer: StreamedAnswer): Promise<Buffer> {
  const parts: Buffer[] = [];
  let count = 0;
  await answer.body.pipe((data) => {
    parts.push(Buffer.from(data));
    count += 1;
    return count % 3 === 0 ? sleep(1) : undefined;
  });
  return Buffer.concat(parts);
}

/** Reads a body whole into the room it offers, counting the reads that landed in place. */
async function readIntoRoom(answer: StreamedAnswer): Promise<{ body: Buffer; inPlace: number }> {
  const target = Buffer.alloc(payload.length + 64 * 1024);
  let filled = 0;
  let inPlace = 0;
  await answer.body.pipe(
    (data) => {
      if (data.buffer === target.buffer && data.byteOffset === target.byteOffset + filled) inPlace += 1;
      else data.copy(target, filled);
      filled += data.length;
      return inPlace % 5 === 4 ? sleep(1) : undefined;
    },
    () => target.subarray(filled),
  );
  return { body: target.subarray(0, filled), inPlace };
}

async function failureOf(promise: Promise<unknown>): Promise<PortalTransportError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PortalTransportError);
  return error as PortalTransportError;
}

let server: Server;
/** Every request path the servers were sent. */
const requested: string[] = [];
let cert: SelfSignedCertificate;
let tlsServer: Server;

beforeAll(async () => {
  const handler: http.RequestListener = (request, response) => {
    requested.push(request.url ?? '');
    if (request.url === '/chunked') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      for (let at = 0; at < payload.length; at += 100_000) response.write(payload.subarray(at, at + 100_000));
      response.end();
    } else if (request.url === '/missing') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 404, message: 'no such file', range: request.headers.range }));
    } else {
      response.writeHead(200, { 'content-length': payload.length, etag: '"x"' });
      response.end(payload);
    }
  };
  server = await listen(http.createServer(handler));
  cert = await makeSelfSignedCertificate('portal');
  tlsServer = await listen(https.createServer({ cert: cert.certPem, key: cert.keyPem }, handler), 'https');
});
afterAll(async () => {
  await server.close();
  await tlsServer.close();
});

describe('getStreamed: a file over a bare socket', () => {
  it('reads a Content-Length body and a chunked one whole, however slowly it is taken', async () => {
    const whole = await getStreamed(new URL('/file', server.url), {}, 5_000);
    expect(whole.status).toBe(200);
    expect(whole.header('ETag')).toBe('"x"');
    expect(sha(await readAll(whole))).toBe(sha(payload));
    const chunked = await getStreamed(new URL('/chunked', server.url), {}, 5_000);
    expect(sha(await readAll(chunked))).toBe(sha(payload));
  });

  it('reads into the room the sink offers, and moves what a chunked body interleaves', async () => {
    for (const [route, ca] of [
      ['/file', undefined],
      ['/chunked', undefined],
      ['/file', cert.certPem],
    ] as const) {
      const base = ca ? tlsServer.url : server.url;
      const { body, inPlace } = await readIntoRoom(
        await getStreamed(new URL(route, base), {}, 5_000, { ca }),
      );
      expect(sha(body)).toBe(sha(payload));
      expect(inPlace).toBeGreaterThan(0);
    }
  });

  it('does not count the time the sink takes as the portal falling silent', async () => {
    const answer = await getStreamed(new URL('/file', server.url), {}, 200);
    let waited = false;
    let size = 0;
    await answer.body.pipe((data) => {
      size += data.length;
      if (waited) return undefined;
      waited = true;
      // A disk or hash thread slower than the portal's silence limit, once.
      return sleep(500);
    });
    expect(size).toBe(payload.length);
  });

  it('reads over TLS with a trusted certificate and refuses an untrusted one', async () => {
    const trusted = await getStreamed(new URL('/file', tlsServer.url), {}, 5_000, { ca: cert.certPem });
    expect(sha(await readAll(trusted))).toBe(sha(payload));
    const untrusted = await failureOf(
      getStreamed(new URL('/untrusted', tlsServer.url), { authorization: 'Bearer secret' }, 5_000),
    );
    expect(untrusted.key).toBe('error.network');
    expect(untrusted.transient).toBe(false);
    // The request, token and all, never reached a server it could not verify.
    expect(requested).not.toContain('/untrusted');
  });

  it('gives a refusal whole as a Response, the request headers sent', async () => {
    const answer = await getStreamed(new URL('/missing', server.url), { range: 'bytes=5-' }, 5_000);
    const response = await answer.toResponse();
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 404, message: 'no such file', range: 'bytes=5-' });
  });

  it('reads a refusal no further than its first MiB, however long it runs', async () => {
    let sent = 0;
    let hungUp = false;
    const endless = await raw((socket) => {
      socket.on('close', () => {
        hungUp = true;
      });
      socket.once('data', () => {
        socket.write('HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/html\r\n\r\n');
        const block = Buffer.alloc(64 * 1024, 'x');
        const more = () => {
          while (!socket.destroyed && sent < 1024 * 1024 * 1024) {
            sent += block.length;
            if (!socket.write(block)) return void socket.once('drain', more);
          }
        };
        more();
      });
    });
    const answer = await getStreamed(new URL('/f', endless.url), {}, 5_000);
    const response = await answer.toResponse();
    expect(response.status).toBe(502);
    expect((await response.arrayBuffer()).byteLength).toBe(1024 * 1024);
    await expect.poll(() => hungUp).toBe(true);
    // The client hung up after the first MiB, not after the whole GiB.
    expect(sent).toBeLessThan(64 * 1024 * 1024);
    await endless.close();
  });

  it('reads a head sent a byte at a time after an interim answer, and a body framed by the close', async () => {
    const slow = await raw((socket) => {
      socket.once('data', async () => {
        for (const byte of Buffer.from('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nX-A: 1\r\n\r\n')) {
          socket.write(Buffer.from([byte]));
          await sleep(0);
        }
        socket.end(payload.subarray(0, 300_000));
      });
    });
    const answer = await getStreamed(new URL('/file', slow.url), {}, 5_000);
    expect(answer.header('x-a')).toBe('1');
    expect(sha(await readAll(answer))).toBe(sha(payload.subarray(0, 300_000)));
    await slow.close();
  });

  it('reports a body cut short as a reset to resume from, and silence as the portal stalling', async () => {
    const cut = await raw((socket) =>
      socket.once('data', () => {
        socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${payload.length}\r\n\r\n`);
        socket.end(payload.subarray(0, 1000));
      }),
    );
    const short = await failureOf(readAll(await getStreamed(new URL('/f', cut.url), {}, 5_000)));
    expect([short.reason, short.transient]).toEqual(['ECONNRESET', true]);
    await cut.close();

    const silent = await answering('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n12345');
    const stalled = await failureOf(readAll(await getStreamed(new URL('/f', silent.url), {}, 300)));
    expect([stalled.key, stalled.reason]).toEqual(['error.portalStalled', 'timeout']);
    // Reads the request (so it sees the client leave) and never answers.
    const quiet = await raw((socket) => socket.resume());
    const mute = await failureOf(getStreamed(new URL('/f', quiet.url), {}, 300));
    expect(mute.key).toBe('error.portalTimeout');
    await silent.close();
    await quiet.close();
  });

  it('gives a head trickled a byte at a time no longer than the timeout in all', async () => {
    // Each byte well inside the silence limit, the whole head never done: a slow-loris portal.
    const trickle = await raw((socket) =>
      socket.once('data', async () => {
        for (const byte of Buffer.from(`HTTP/1.1 200 OK\r\nX-Pad: ${'a'.repeat(60_000)}`)) {
          if (socket.destroyed) return;
          socket.write(Buffer.from([byte]));
          await sleep(20);
        }
      }),
    );
    const started = Date.now();
    const slow = await failureOf(getStreamed(new URL('/f', trickle.url), {}, 400));
    expect(slow.key).toBe('error.portalTimeout');
    expect(Date.now() - started).toBeLessThan(5_000);
    await trickle.close();
  });

  it('keeps a view unchanged until the promise the sink returned settles, over TLS too', async () => {
    for (const base of [server.url, tlsServer.url]) {
      const answer = await getStreamed(new URL('/file', base), {}, 5_000, { ca: cert.certPem });
      const parts: Buffer[] = [];
      // Copied only once its promise settles, as the contract allows.
      await answer.body.pipe(
        (data) =>
          new Promise<void>((resolve) => setImmediate(() => resolve(void parts.push(Buffer.from(data))))),
      );
      expect([base, sha(Buffer.concat(parts))]).toEqual([base, sha(payload)]);
    }
  });

  it('ends a body whole with its head at once, though the connection stays open', async () => {
    const open = await answering('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n');
    const answer = await getStreamed(new URL('/f', open.url), {}, 2_000);
    const started = Date.now();
    expect((await readAll(answer)).length).toBe(0);
    expect(Date.now() - started).toBeLessThan(1_000);
    await open.close();
  });

  it('reports a malformed chunked body that came with the head as a transport error', async () => {
    const bad = await answering('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n');
    const answer = await getStreamed(new URL('/f', bad.url), {}, 2_000);
    const error = await failureOf(readAll(answer));
    expect(error.transient).toBe(false);
    await bad.close();
  });

  it('reports a refused connection and a garbled answer, and refuses a header with a line break', async () => {
    const gone = await raw(() => undefined);
    await gone.close();
    const refused = await failureOf(getStreamed(new URL('/f', gone.url), {}, 5_000));
    expect([refused.reason, refused.transient]).toEqual(['ECONNREFUSED', true]);
    const garbled = await raw((socket) => socket.once('data', () => socket.end('SSH-2.0-OpenSSH_9\r\n\r\n')));
    const bad = await failureOf(getStreamed(new URL('/f', garbled.url), {}, 5_000));
    expect(bad.transient).toBe(false);
    await garbled.close();
    await expect(
      getStreamed(new URL('/f', server.url), { authorization: 'Bearer a\r\nX: y' }, 5_000),
    ).rejects.toThrow(/invalid header/);
  });
});
