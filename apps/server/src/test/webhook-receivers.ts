import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export type Arrival = { path: string; at: number; headers: IncomingHttpHeaders; body: string };

/** A webhook receiver on 127.0.0.1 answering every request `status` (200), noting when each came. */
export async function startReceiver(status: (path: string) => number = () => 200) {
  const arrivals: Arrival[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      arrivals.push({
        path,
        at: Date.now(),
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      response.statusCode = status(path);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    arrivals,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    at: (path: string) => arrivals.filter((arrival) => arrival.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A tarpit: takes every connection and never answers. Counts the connections open now and the
 * most ever open at once (how many deliveries it holds).
 */
export async function startTarpit() {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  let mostAtOnce = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    mostAtOnce = Math.max(mostAtOnce, sockets.size);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    get open() {
      return sockets.size;
    },
    get connections() {
      return connections;
    },
    get mostAtOnce() {
      return mostAtOnce;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
