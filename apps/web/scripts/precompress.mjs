// Writes .gz and .br siblings for every compressible file in dist so the server can answer
// `Accept-Encoding` with a precompressed file instead of compressing on each request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

async function compress(path) {
  const source = await readFile(path);
  const [gz, br] = await Promise.all([
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
    brotliAsync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
  ]);
  await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)]);
  return { path, size: source.length, gz: gz.length, br: br.length };
}

async function main() {
  const targets = [];
  for await (const path of walk(DIST_DIR)) {
    // Every match is compressed, even tiny ones, so the server can rely on the siblings existing.
    if (COMPRESSIBLE.test(path)) targets.push(path);
  }
  const results = await Promise.all(targets.map(compress));
  for (const { path, size, gz, br } of results) {
    console.log(`${relative(DIST_DIR, path)}: ${size} B -> gzip ${gz} B, brotli ${br} B`);
  }
  console.log(`precompressed ${results.length} files`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
