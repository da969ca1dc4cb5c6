import { spawn, spawnSync } from 'node:child_process';
import { createHash, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { buildFileName } from '@portal/contract/cli-builds';
import { build } from 'esbuild';

/**
 * How the builds the cli project's global setup starts ahead of need run (sea-global-setup.ts):
 * niced, so that on a busy machine they take the cores' idle moments rather than time from the
 * tests running beside them (issue 41: files in the run's first minute ran 3-4 times slower than
 * alone). A test that comes to wait for such a build gives it normal priority back (hurry); a
 * build a test asks for itself runs at normal priority.
 */
export type SeaBuildOptions = { background?: boolean };
const BACKGROUND_NICENESS = 10;
/** In a build's lock: the process group of its niced step, and a mark that a test waits for it. */
const NICED_GROUP = 'niced-group';
const WAITED = 'waited';

type Step = (file: string, args: string[], options?: { env?: NodeJS.ProcessEnv }) => Promise<void>;

/** The process groups of niced steps still running: a group of its own gets no Ctrl-C. */
const nicedGroups = new Set<number>();
let stopsGroupsOnExit = false;

/** Stops the niced steps still running when this process ends first (a run stopped or killed). */
function stopGroupsOnExit(): void {
  if (stopsGroupsOnExit) return;
  stopsGroupsOnExit = true;
  process.once('exit', () => {
    for (const group of nicedGroups)
      try {
        process.kill(-group, 'SIGTERM');
      } catch {
        // Already gone.
      }
  });
}

/**
 * Runs a step of the build locked by `lock` to the end (its output in the error if it fails). In
 * the background, until a test waits, niced from its start by nice(1) (its threads and children,
 * osslsigncode and tar, too: a setpriority after the spawn would miss the threads Node starts
 * first), in a process group of its own that the lock names while it runs.
 */
function stepsOf(lock: string, { background = false }: SeaBuildOptions): Step {
  return (file, args, options = {}) =>
    new Promise<void>((resolve, reject) => {
      const niced = background && !existsSync(path.join(lock, WAITED));
      const child = niced
        ? spawn('nice', ['-n', String(BACKGROUND_NICENESS), file, ...args], {
            ...options,
            detached: true,
            stdio: ['ignore', 'pipe', 'pipe'],
          })
        : spawn(file, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
      const group = niced ? child.pid : undefined;
      const groupFile = path.join(lock, NICED_GROUP);
      if (group !== undefined) {
        nicedGroups.add(group);
        stopGroupsOnExit();
        writeFileSync(groupFile, String(group));
      }
      let output = '';
      const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-64 * 1024));
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.once('error', reject);
      child.once('close', (code, signal) => {
        if (group !== undefined) {
          nicedGroups.delete(group);
          rmSync(groupFile, { force: true });
        }
        if (code === 0) resolve();
        else
          reject(
            new Error(`${path.basename(file)} ${args[0] ?? ''} ended with ${code ?? signal}:\n${output}`),
          );
      });
    });
}

const hurried = new Set<string>();

/**
 * Gives the niced step of the build locked by `lock` normal priority back, now that a test waits
 * for it, and marks the lock so that its later steps run at normal priority too. Raising a
 * priority takes root (CI); elsewhere the test waits for the niced build.
 */
function hurry(lock: string): void {
  try {
    const mark = path.join(lock, WAITED);
    // Written once: the owner's removal of the lock meets it at most once (rmSync retries).
    if (!existsSync(mark)) writeFileSync(mark, '');
    const group = readFileSync(path.join(lock, NICED_GROUP), 'utf8');
    if (hurried.has(`${lock} ${group}`)) return;
    hurried.add(`${lock} ${group}`);
    // The absolute form (`renice 0 -g`): `-n` is an increment under POSIX.
    spawnSync('renice', ['0', '-g', group], { stdio: 'ignore' });
  } catch {
    // The lock is gone (the build ended) or no step runs niced: nothing to hurry.
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const cliRoot = path.join(repoRoot, 'packages/cli');
const CACHE = path.join(repoRoot, '.tmp', 'cli-sea-test');
const STALE_BUILD_MS = 60 * 60 * 1000;

/** The versions the tests build: the one installed first and the one it updates to. */
export const SEA_TEST_VERSIONS = { current: '1.0.0', newer: '1.1.0' } as const;

/**
 * Two linux-x64 builds across a change of release key, both keys of their own (never the
 * portal's): the current build is signed by the first key (its private half in `keyFile`) and
 * announces the second as the next; the newer build is signed by the second key alone
 * (`nextKeyFile`), as the first release after a key change is.
 */
export type SeaTestBuilds = { keyFile: string; nextKeyFile: string; current: string; newer: string };

/**
 * What the builds are made from: every source file the bundle takes in (as esbuild sees them, so
 * a change elsewhere in the contract does not rebuild), the build script, its relink kit and this Node.
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
  const files = [
    path.join(cliRoot, 'build-binaries.mjs'),
    path.join(cliRoot, 'relink-kit.mjs'),
    path.join(cliRoot, 'relink/relink.mjs'),
    path.join(cliRoot, 'relink/sea-blob.mjs'),
    path.join(cliRoot, 'relink/README.txt'),
    import.meta.filename,
    ...Object.keys(metafile.inputs).sort(),
  ];
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
export async function seaTestBuilds(how: SeaBuildOptions = {}): Promise<SeaTestBuilds> {
  const done = path.join(CACHE, await inputsHash());
  const builds: SeaTestBuilds = {
    keyFile: path.join(done, 'release-ed25519.pem'),
    nextKeyFile: path.join(done, 'next-release-ed25519.pem'),
    current: path.join(done, SEA_TEST_VERSIONS.current),
    newer: path.join(done, SEA_TEST_VERSIONS.newer),
  };
  await builtOnce(done, how, async (work, run) => {
    const key = path.join(work, 'release-ed25519.pem');
    const nextKey = path.join(work, 'next-release-ed25519.pem');
    generateReleaseKey(key);
    generateReleaseKey(nextKey);
    const nextPublic = path.join(work, 'next-release-ed25519.pub.pem');
    writeFileSync(nextPublic, createPublicKey(readFileSync(nextKey)).export({ type: 'spki', format: 'pem' }));
    const keysOf: Record<string, string[]> = {
      [SEA_TEST_VERSIONS.current]: ['--release-key', key, '--next-release-key', nextPublic],
      [SEA_TEST_VERSIONS.newer]: ['--release-key', nextKey],
    };
    for (const version of Object.values(SEA_TEST_VERSIONS))
      await run(process.execPath, [
        path.join(cliRoot, 'build-binaries.mjs'),
        '--platforms',
        'linux-x64',
        '--version',
        version,
        '--out',
        path.join(work, version),
        ...(keysOf[version] ?? []),
      ]);
  });
  return builds;
}

/** A release key file as whoever releases fwportal keeps one (given to the build with --release-key). */
function generateReleaseKey(file: string): void {
  const { privateKey } = generateKeyPairSync('ed25519');
  writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
}

/** A lock of `builtOnce` whose process is gone (a run killed mid-build), or that never got its pid. */
function abandoned(lock: string): boolean {
  try {
    process.kill(Number(readFileSync(path.join(lock, 'pid'), 'utf8')), 0);
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ESRCH') return true;
    // No pid yet: the lock was made a moment ago, unless it is a minute old.
    return (
      code === 'ENOENT' && Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 60_000
    );
  }
}

/**
 * Builds `done` once among the run's processes (the cli project's global setup starts the builds
 * in CI, and up to five test files ask for them at once): the one that makes `<done>.lock` builds,
 * with `make`, into a folder of its own that `settle` puts in place; the others wait for `done`.
 * Before, each file that asked while nothing was built built them itself, two files at once
 * sometimes (issue 41). A lock whose process is gone is taken over; a build that fails gives the
 * lock back, and the next to ask builds again.
 */
async function builtOnce(
  done: string,
  how: SeaBuildOptions,
  make: (work: string, run: Step) => Promise<void>,
): Promise<void> {
  const lock = `${done}.lock`;
  for (;;) {
    if (existsSync(done)) return;
    mkdirSync(CACHE, { recursive: true });
    try {
      mkdirSync(lock);
    } catch {
      if (abandoned(lock)) rmSync(lock, { recursive: true, force: true });
      else {
        // A background build waits for another run's build without hurrying it.
        if (!how.background) hurry(lock);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      continue;
    }
    try {
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      if (existsSync(done)) return;
      const work = `${done}.${process.pid}.partial`;
      rmSync(work, { recursive: true, force: true });
      mkdirSync(work);
      await make(work, stepsOf(lock, how));
      settle(work, done);
      return;
    } finally {
      rmSync(lock, { recursive: true, force: true, maxRetries: 5 });
    }
  }
}

/**
 * Puts a finished build folder in place (another run may have finished the same build first: that
 * one is used), then removes builds of older sources, of no more use (a quarter of a gigabyte
 * each); one a run still uses elsewhere is less than an hour old.
 */
function settle(work: string, done: string): void {
  try {
    renameSync(work, done);
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    if (!statSync(done, { throwIfNoEntry: false })?.isDirectory()) throw error;
  }
  for (const name of readdirSync(CACHE)) {
    const other = path.join(CACHE, name);
    if (other !== done && !done.startsWith(`${other}-`) && !other.startsWith(`${done}-`))
      if (Date.now() - statSync(other).mtimeMs > STALE_BUILD_MS)
        rmSync(other, { recursive: true, force: true });
  }
}

/** The win-x64 build of the tests, and the code-signing certificate (PEM) it was signed with. */
export type SeaWindowsBuild = { exe: string; certificate: string; sums: string };

/**
 * The win-x64 single executable of the current sources, built by `build-binaries.mjs` as
 * `npm run build:cli-binaries` builds it, Authenticode-signed with a code-signing certificate
 * given as a release would give it (a PKCS#12 file and its password in the environment), made
 * here. Cached like the linux-x64 builds, under .tmp/cli-sea-test/<hash>-win-x64.
 */
export async function seaWindowsTestBuild(how: SeaBuildOptions = {}): Promise<SeaWindowsBuild> {
  const done = `${path.join(CACHE, await inputsHash())}-win-x64`;
  const build: SeaWindowsBuild = {
    exe: path.join(done, 'out', buildFileName(SEA_TEST_VERSIONS.current, 'win-x64')),
    certificate: path.join(done, 'code-signing.pem'),
    sums: path.join(done, 'out', 'SHA256SUMS'),
  };
  await builtOnce(done, how, async (work, run) => {
    const key = path.join(work, 'code-signing.key');
    const pkcs12 = path.join(work, 'code-signing.p12');
    const password = randomBytes(12).toString('hex');
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-sha256',
      '-days',
      '30',
      '-keyout',
      key,
      '-out',
      path.join(work, 'code-signing.pem'),
      '-subj',
      '/O=fwportal tests/CN=fwportal test code signing',
      '-addext',
      'keyUsage=critical,digitalSignature',
      '-addext',
      'extendedKeyUsage=codeSigning',
    ]);
    await run(
      'openssl',
      [
        'pkcs12',
        '-export',
        '-inkey',
        key,
        '-in',
        path.join(work, 'code-signing.pem'),
        '-out',
        pkcs12,
        '-passout',
        'env:FWPORTAL_CODESIGN_PASSWORD',
      ],
      { env: { ...process.env, FWPORTAL_CODESIGN_PASSWORD: password } },
    );
    generateReleaseKey(path.join(work, 'release-ed25519.pem'));
    await run(
      process.execPath,
      [
        path.join(cliRoot, 'build-binaries.mjs'),
        '--platforms',
        'win-x64',
        '--version',
        SEA_TEST_VERSIONS.current,
        '--out',
        path.join(work, 'out'),
        '--release-key',
        path.join(work, 'release-ed25519.pem'),
      ],
      { env: { ...process.env, FWPORTAL_CODESIGN_PKCS12: pkcs12, FWPORTAL_CODESIGN_PASSWORD: password } },
    );
  });
  return { ...build };
}
