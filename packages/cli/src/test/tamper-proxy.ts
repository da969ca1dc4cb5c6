import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const FILE_PATH = /^\/api\/downloads\/\d+(\?.*)?$/;
/** A CSAF document (not its `.asc`, not the listings): `/.well-known/csaf/<label>/<year>/<name>.json`. */
const CSAF_DOCUMENT_PATH = /^\/\.well-known\/csaf\/[a-z]+\/\d{4}\/[^/?]+\.json(\?.*)?$/;
const SLICE = 64 * 1024;

export type ProxyMode = {
  /** Files (not their signed companions) trickle at this rate; 0 = full speed. */
  bytesPerSecond: number;
  /** Flip one byte of every file body: a man in the middle, or a corrupted mirror. */
  tamper: boolean;
  /** The next file body stops after this many bytes, its connection held open: a stalled portal (0 = never). */
  stallOnceAfterBytes: number;
  /** Flip one byte of every CSAF advisory document (its signature passes untouched). */
  tamperAdvisories: boolean;
};

/** A reverse proxy in front of the portal that can slow file bodies down or corrupt them. */
export async function startTamperProxy(target: string) {
  const mode: ProxyMode = {
    bytesPerSecond: 0,
    tamper: false,
    stallOnceAfterBytes: 0,
    tamperAdvisories: false,
  };
  const server = http.createServer((request, response) => {
    const headers = { ...request.headers, host: new URL(target).host };
    // A document the proxy changes is asked for uncompressed: the flipped byte lands in the JSON
    // itself (in a gzip stream it would break the stream, not the document).
    if (mode.tamperAdvisories && CSAF_DOCUMENT_PATH.test(request.url ?? ''))
      delete headers['accept-encoding'];
    const upstream = http.request(
      new URL(request.url ?? '/', target),
      { method: request.method, headers },
      async (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        const isFile = FILE_PATH.test(request.url ?? '');
        const flips =
          (isFile && mode.tamper) || (mode.tamperAdvisories && CSAF_DOCUMENT_PATH.test(request.url ?? ''));
        let flipped = false;
        let sent = 0;
        try {
          for await (const chunk of answer as AsyncIterable<Buffer>) {
            if (flips && !flipped && chunk.length > 0) {
              chunk[0] = (chunk[0] ?? 0) ^ 0xff;
              flipped = true;
            }
            for (let start = 0; start < chunk.length; start += SLICE) {
              if (isFile && mode.stallOnceAfterBytes > 0 && sent >= mode.stallOnceAfterBytes) {
                mode.stallOnceAfterBytes = 0;
                await new Promise((resolve) => response.once('close', resolve));
                return;
              }
              sent += Math.min(SLICE, chunk.length - start);
              if (!response.write(chunk.subarray(start, start + SLICE)))
                await new Promise((resolve) => response.once('drain', resolve));
              if (isFile && mode.bytesPerSecond > 0) await sleep((SLICE / mode.bytesPerSecond) * 1000);
            }
          }
          response.end();
        } catch {
          response.destroy();
        }
      },
    );
    upstream.on('error', () => response.destroy());
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    mode,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
