// Bundles src/main.ts into dist/main.js for `npm start`: plain `node` runs it, without the tsx
// loader and its transpile caches (about 70 MB less resident memory, bench/README.md).
// Packages stay in node_modules; the workspace's TypeScript packages and drizzle-orm are bundled.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');

/**
 * Bundled although they are packages: drizzle-orm's package.json is 179 KB (an exports map for
 * every driver), and Node reads a file's package scope for each module it loads. Its 113 modules,
 * loaded from node_modules, cost 0.5 s of CPU per process, half of a portal's module loading;
 * bundled, nothing reads it at run time: 0.5-1 s less CPU per start, twice that when the start
 * prepares the database in a child too (bench/README.md, 2026-12-06). Pure JavaScript, and no
 * package left outside imports it, so there is still one copy of its classes.
 */
const BUNDLED_PACKAGES = ['drizzle-orm'];
const bundled = (specifier) =>
  specifier.startsWith('@portal/') ||
  BUNDLED_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/** Every bare import (a package) stays an import, except the workspace's own `@portal/*` sources and BUNDLED_PACKAGES. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, (args) =>
      bundled(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

// Built beside dist/ and swapped in, so a portal starting meanwhile never sees half a bundle.
const dist = path.join(serverRoot, 'dist');
const fresh = `${dist}.${process.pid}.new`;
await build({
  // The upload worker (issue 40) is a thread of its own: its own entry, dist/upload-worker.js.
  entryPoints: {
    main: path.join(serverRoot, 'src/main.ts'),
    'upload-worker': path.join(serverRoot, 'src/modules/fleet/upload-worker.ts'),
    // The SBOM checker (issue 43): schema validation of files up to 20 MB, off the event loop.
    'sbom-worker': path.join(serverRoot, 'src/modules/sbom/sbom-worker.ts'),
  },
  outdir: fresh,
  // Dynamic imports (the S3 driver) become chunks of their own, loaded only when used.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The contract's own dependency (zod) is the server's too: one copy, from node_modules.
  plugins: [packagesStayExternal],
  sourcemap: true,
  logLevel: 'warning',
});
const old = `${dist}.${process.pid}.old`;
if (fs.existsSync(dist)) fs.renameSync(dist, old);
fs.renameSync(fresh, dist);
fs.rmSync(old, { recursive: true, force: true });
