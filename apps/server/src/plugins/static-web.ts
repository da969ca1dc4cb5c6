import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA: hashed assets cached forever, precompressed .br/.gz
 * files picked by Accept-Encoding, and index.html (never cached) for history routes.
 * Returns the fallback used by the not-found handler, or null when no build exists.
 */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web build not found: only the API is served (run npm start to build it)');
    return null;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    index: false,
    setHeaders: (reply, filePath) => {
      const isAsset = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
      reply.header('Cache-Control', isAsset ? IMMUTABLE : 'no-cache');
    },
  });
  return (reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html');
}
