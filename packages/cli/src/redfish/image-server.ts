import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';

/** How long a served image stays reachable at most (a BMC fetches it within seconds of the request). */
export const IMAGE_LINK_TTL_MS = 30 * 60 * 1000;

export type ServedImage = { url: string; fetches: () => number; revoke: () => void };
type Entry = { file: string; size: number; expiresAt: number; fetches: number };

/**
 * SimpleUpdate makes the BMC fetch the image itself (ImageURI). BMCs on a management network
 * often cannot reach the portal, so fwportal serves each verified file here: ONE file per
 * random, unguessable path (128 bits), GET/HEAD only, for a limited time, revoked as soon as
 * its update is over; anything else is a 404. Bound to the address the operator chooses
 * (`--serve-address HOST[:PORT]`, one the BMCs can reach), never to every interface unasked.
 */
export class ImageServer {
  private readonly entries = new Map<string, Entry>();
  private readonly server: http.Server;
  private base = '';

  private constructor() {
    this.server = http.createServer((request, response) => this.answer(request, response));
  }

  /** `address` is `HOST` or `HOST:PORT` (`[v6]:PORT` for IPv6); port 0 or none: any free port. */
  static async start(address: string): Promise<ImageServer> {
    const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/.exec(address.trim());
    const host = match?.[1] ?? match?.[2];
    const port = Number(match?.[3] ?? 0);
    // 0.0.0.0 or :: would be no address a BMC can be told: the operator names the one it reaches.
    const unspecified = host === '0.0.0.0' || /^[0:]+$/.test(host ?? '');
    if (!host || unspecified || port > 65_535)
      throw new CliError(EXIT.usage, 'update.badServeAddress', { address });
    const server = new ImageServer();
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          new CliError(EXIT.error, 'update.serveFailed', { address, reason: error.code ?? error.message }),
        ),
      );
      server.server.listen(port, host, () => resolve());
    });
    const bound = server.server.address() as AddressInfo;
    server.base = `http://${host.includes(':') ? `[${host}]` : host}:${bound.port}`;
    return server;
  }

  /** `http://host:port`, as the BMCs are told. */
  get address(): string {
    return this.base;
  }

  /** A link to `file` (already verified) under a fresh random path, valid `ttlMs`. */
  serve(file: string, fileName: string, size: number, ttlMs = IMAGE_LINK_TTL_MS): ServedImage {
    const token = randomBytes(16).toString('hex');
    const entry: Entry = { file, size, expiresAt: Date.now() + ttlMs, fetches: 0 };
    this.entries.set(token, entry);
    return {
      url: `${this.base}/${token}/${encodeURIComponent(fileName)}`,
      fetches: () => entry.fetches,
      revoke: () => this.entries.delete(token),
    };
  }

  async close(): Promise<void> {
    this.entries.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(request: http.IncomingMessage, response: http.ServerResponse): void {
    const token = /^\/([0-9a-f]{32})\/[^/]+$/.exec(request.url ?? '')?.[1];
    const entry = token ? this.entries.get(token) : undefined;
    if (!token || !entry || entry.expiresAt < Date.now()) {
      if (token && entry) this.entries.delete(token);
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': entry.size,
      'cache-control': 'no-store',
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    entry.fetches += 1;
    const stream = createReadStream(entry.file);
    stream.on('error', () => response.destroy());
    stream.pipe(response);
  }
}
