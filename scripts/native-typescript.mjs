// Loads the repository's TypeScript with Node's own loader, for the test projects that run it
// without Vite's module runner (scripts/vitest-native.mjs): in the vitest process (the global
// setups; each project's config imports it, and the hooks registered last serve) and in every
// test worker (`--import`). Needs Node 22.15 or newer (module.registerHooks).
import { existsSync, readFileSync } from 'node:fs';
import { registerHooks, stripTypeScriptTypes } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HAS_EXTENSION = /\.(?:[cm]?[jt]sx?|json|node)$/;

/**
 * Our sources import each other without extensions (`'./app'`), as the bundlers and TypeScript's
 * `bundler` resolution allow: such a specifier is the `.ts` file of that name, or the folder's
 * `index.ts`. Packages, including ours (`@portal/contract`), resolve by their `exports`.
 */
function resolveSource(specifier, parentURL) {
  if (!parentURL?.startsWith('file:') || parentURL.includes('/node_modules/')) return null;
  if (!(specifier.startsWith('./') || specifier.startsWith('../')) || HAS_EXTENSION.test(specifier))
    return null;
  const file = fileURLToPath(new URL(specifier, parentURL));
  const found = [`${file}.ts`, `${file}/index.ts`].find((candidate) => existsSync(candidate));
  return found ? pathToFileURL(found).href : null;
}

/**
 * Node strips types by itself but refuses what needs code written (the services' constructor
 * parameter properties): `transform` mode writes it, as esbuild does for the portal's bundle.
 * It warns once per process that it is experimental; that warning, and only it, is not printed.
 */
function transformTypeScript(source, url) {
  const emitWarning = process.emitWarning;
  process.emitWarning = (warning, ...rest) => {
    if (!String(warning).startsWith('stripTypeScriptTypes')) emitWarning.call(process, warning, ...rest);
  };
  try {
    return stripTypeScriptTypes(source, { mode: 'transform', sourceMap: true, sourceUrl: url });
  } finally {
    process.emitWarning = emitWarning;
  }
}

process.setSourceMapsEnabled(true);
registerHooks({
  resolve(specifier, context, nextResolve) {
    const url = resolveSource(specifier, context.parentURL);
    return url ? { url, format: 'module', shortCircuit: true } : nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    // vitest imports a test file with a query of its own (`?vitest=…`).
    const { protocol, pathname } = new URL(url);
    if (protocol !== 'file:' || !pathname.endsWith('.ts') || pathname.includes('/node_modules/'))
      return nextLoad(url, context);
    const source = readFileSync(fileURLToPath(url), 'utf8');
    return { format: 'module', source: transformTypeScript(source, url), shortCircuit: true };
  },
});
