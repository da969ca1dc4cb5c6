import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A static web server over a folder, as a customer publishes a mirror on an isolated network
 * (nginx, Apache, `python -m http.server`): GET and HEAD of plain files, 404 for anything else or
 * outside the folder. Every request path is logged; `redirects` answers a path with a 302 to any
 * URL (a compromised or misconfigured server sending the client elsewhere).
 */
export async function startStaticServer(root: string) {
  const requests: string[] = [];
  const redirects = new Map<string, string>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mirror.invalid');
    requests.push(url.pathname);
    const redirect = redirects.get(url.pathname);
    if (redirect) {
      response.writeHead(302, { location: redirect }).end();
      return;
    }
    const file = path.resolve(root, `.${decodeURIComponent(url.pathname)}`);
    const notFound = () => response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    if (
      !file.startsWith(`${path.resolve(root)}${path.sep}`) ||
      !['GET', 'HEAD'].includes(request.method ?? '')
    )
      return notFound();
    stat(file).then(
      (stats) => {
        if (!stats.isFile()) return notFound();
        response.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-length': stats.size,
        });
        if (request.method === 'HEAD') return response.end();
        const stream = createReadStream(file);
        stream.on('error', () => response.destroy());
        stream.pipe(response);
      },
      () => notFound(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    redirects,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
