import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const run = promisify(execFile);

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const cliRoot = path.join(repoRoot, 'packages/cli');
const CACHE = path.join(repoRoot, '.tmp', 'cli-sea-test');
const STALE_BUILD_MS = 60 * 60 * 1000;

/** The versions the tests build: the one installed first and the one it updates to. */
export const SEA_TEST_VERSIONS = { current: '1.0.0', newer: '1.1.0' } as const;

/** Two linux-x64 builds signed by one test release key (its private half in `keyFile`). */
export type SeaTestBuilds = { keyFile: string; current: string; newer: string };

/**
 * What the builds are made from: every source file the bundle takes in (as esbuild sees them, so
 * a change elsewhere in the contract does not rebuild), the build script and this Node.
 */
async function inputsHash(): Promise<string> {
  const { metafile } = await build({
    entryPoints: [path.join(cliRoot, 'src/sea-main.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const files = [path.join(cliRoot, 'build-binaries.mjs'), ...Object.keys(metafile.inputs).sort()];
  const hash = createHash('sha256').update(process.version);
  for (const file of files)
    hash.update(path.relative(repoRoot, path.resolve(file))).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The linux-x64 single executables of the current sources, built by `build-binaries.mjs` as
 * `npm run build:cli-binaries` builds them (only the target that runs here), once per change of
 * their inputs: cached under .tmp/cli-sea-test/<hash>, so a later run starts in no time. Built in a
 * folder of its own and renamed into place, so a concurrent run never sees half a build.
 */
export async function seaTestBuilds(): Promise<SeaTestBuilds> {
  const done = path.join(CACHE, await inputsHash());
  const builds: SeaTestBuilds = {
    keyFile: path.join(done, 'release-ed25519.pem'),
    current: path.join(done, SEA_TEST_VERSIONS.current),
    newer: path.join(done, SEA_TEST_VERSIONS.newer),
  };
  if (existsSync(done)) return builds;
  mkdirSync(CACHE, { recursive: true });
  const work = `${done}.${process.pid}.partial`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work);
  for (const version of Object.values(SEA_TEST_VERSIONS))
    await run(
      process.execPath,
      [
        path.join(cliRoot, 'build-binaries.mjs'),
        '--platforms',
        'linux-x64',
        '--version',
        version,
        '--out',
        path.join(work, version),
        '--signing-key',
        path.join(work, 'release-ed25519.pem'),
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
  try {
    renameSync(work, done);
  } catch (error) {
    // Another run finished the same build first: use that one.
    rmSync(work, { recursive: true, force: true });
    if (!statSync(done, { throwIfNoEntry: false })?.isDirectory()) throw error;
  }
  // Builds of older sources are of no more use (a quarter of a gigabyte each); one a run still
  // uses elsewhere is less than an hour old.
  for (const name of readdirSync(CACHE)) {
    const other = path.join(CACHE, name);
    if (other !== done && Date.now() - statSync(other).mtimeMs > STALE_BUILD_MS)
      rmSync(other, { recursive: true, force: true });
  }
  return builds;
}
