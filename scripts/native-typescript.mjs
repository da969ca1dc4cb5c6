// Loads the repository's TypeScript with Node's own loader, for the test projects that run it
// without Vite's module runner (scripts/vitest-native.mjs): in the vitest process (the global
// setups; each project's config imports it, and the hooks registered last serve), in every test
// worker and in the e2e shared portal's process (`--import`). Needs Node 22.15 or newer
// (module.registerHooks).
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { enableCompileCache, registerHooks, stripTypeScriptTypes } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';

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

/** A package folder's `type` ('module', 'commonjs', or null when its package.json names none), by folder. */
const packageTypes = new Map();

/** The `type` of the package.json nearest above `dir` (cached per folder on the way up). */
function packageTypeOf(dir) {
  const known = packageTypes.get(dir);
  if (known !== undefined) return known;
  const manifest = path.join(dir, 'package.json');
  let type;
  // As Node: the search ends at node_modules (a file there outside any package is detected).
  if (path.basename(dir) === 'node_modules') type = null;
  else if (existsSync(manifest)) {
    const declared = JSON.parse(readFileSync(manifest, 'utf8')).type;
    type = declared === 'module' || declared === 'commonjs' ? declared : null;
  } else {
    const parent = path.dirname(dir);
    type = parent === dir ? null : packageTypeOf(parent);
  }
  packageTypes.set(dir, type);
  return type;
}

const FORMAT_OF_EXTENSION = { '.mjs': 'module', '.cjs': 'commonjs', '.json': 'json' };

/**
 * A package's import of its own files by a relative path with the file's extension
 * (`'../column.js'`, most of drizzle-orm's 112 modules): the file beside it, of the format its
 * extension or its package's `type` says, as Node would resolve it. Node works that format out
 * again for every import, and for drizzle-orm each time parses its 179 KB package.json (its
 * `exports`) anew: 1.7 ms an import, 0.6 s of the 3 s a test worker spent importing the portal
 * (issue 41). Anything else - a folder, a missing file, a link, a package of no declared
 * `type` (whose format Node detects from the source) - is left to Node.
 */
function resolvePackageFile(specifier, parentURL) {
  if (!parentURL?.startsWith('file:') || !parentURL.includes('/node_modules/')) return null;
  if (!(specifier.startsWith('./') || specifier.startsWith('../'))) return null;
  const extension = path.extname(specifier);
  if (!['.js', ...Object.keys(FORMAT_OF_EXTENSION)].includes(extension)) return null;
  const file = fileURLToPath(new URL(specifier, parentURL));
  if (!statSync(file, { throwIfNoEntry: false })?.isFile() || realpathSync(file) !== file) return null;
  const format = FORMAT_OF_EXTENSION[extension] ?? packageTypeOf(path.dirname(file));
  return format ? { url: pathToFileURL(file).href, format } : null;
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

/** Where each module's JavaScript is kept once written (named by what it was written from). */
const cacheDir =
  process.env.NATIVE_TYPESCRIPT_CACHE ??
  fileURLToPath(new URL('../node_modules/.cache/native-typescript/', import.meta.url));
/** What else decides the output: the transform's own code (its settings), in each module's name. */
const TRANSFORM = String(transformTypeScript);

/**
 * transformTypeScript's output for this source at this URL, written once per machine: its WASM
 * compiler took 0.5 s of each process's import of the portal, and a run imports the portal in
 * about ten processes (each project's workers, the e2e portal, the CLI's fixtures). Named by a
 * hash of the transform's code, the Node version (its compiler), the URL (the source map names
 * it) and the source, so an edited file or another Node writes anew. Written to a file of its own
 * name and renamed, so a process or thread reading at the same time sees all of it or nothing.
 * Not a URL with a query: vitest imports each test file once, under a query new each run.
 */
function cachedTransform(source, url) {
  if (url.includes('?')) return transformTypeScript(source, url);
  const key = createHash('sha256')
    .update(`${TRANSFORM}\0${process.version}\0${url}\0${source}`)
    .digest('hex');
  const file = path.join(cacheDir, `${key}.js`);
  try {
    return readFileSync(file, 'utf8');
  } catch {
    // Not written yet.
  }
  const code = transformTypeScript(source, url);
  try {
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${file}.${process.pid}.${threadId}.${randomBytes(4).toString('hex')}.partial`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  } catch {
    // A read-only tree: written again next time.
  }
  return code;
}

// V8's compiled code of every module, kept the same way (Node's compile cache, checked against
// each module's text): the next process skips compiling what it loads unchanged.
enableCompileCache(fileURLToPath(new URL('../node_modules/.cache/node-compile-cache/', import.meta.url)));
process.setSourceMapsEnabled(true);
registerHooks({
  resolve(specifier, context, nextResolve) {
    const url = resolveSource(specifier, context.parentURL);
    if (url) return { url, format: 'module', shortCircuit: true };
    const packageFile = resolvePackageFile(specifier, context.parentURL);
    return packageFile ? { ...packageFile, shortCircuit: true } : nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    // vitest imports a test file with a query of its own (`?vitest=…`).
    const { protocol, pathname } = new URL(url);
    if (protocol !== 'file:' || !pathname.endsWith('.ts') || pathname.includes('/node_modules/'))
      return nextLoad(url, context);
    const source = readFileSync(fileURLToPath(url), 'utf8');
    return { format: 'module', source: cachedTransform(source, url), shortCircuit: true };
  },
});
