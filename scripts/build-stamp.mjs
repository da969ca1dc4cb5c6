// Whether a build's output still matches its sources (issue 42 §1: a restart rebuilt the whole
// web app and the server bundle, 24 s). A build records a hash of everything it reads (sources,
// configuration, the lockfile) and the modification times of its outputs in a stamp file; the
// next start builds again only when the hash differs, an output is missing, or an output was
// rewritten since (a build run by hand from other sources).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Directories never read as sources: installed packages, build outputs, caches. */
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'coverage', '.tmp', '.git']);

/**
 * The files under `inputs` (files or directories relative to `root`), relative to `root` with
 * forward slashes, sorted. `skipFile` leaves out files no build reads (tests).
 */
export function listInputs(root, inputs, skipFile = () => false) {
  const files = [];
  const visit = (relative) => {
    const absolute = path.join(root, relative);
    const stat = fs.statSync(absolute, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(absolute)) {
        if (!SKIPPED_DIRECTORIES.has(name)) visit(path.join(relative, name));
      }
    } else if (stat.isFile() && !skipFile(relative)) {
      files.push(relative.split(path.sep).join('/'));
    }
  };
  for (const input of inputs) visit(input);
  return [...new Set(files)].sort();
}

/** One hash of the inputs' names and contents, and of `extra` (environment the build reads). */
export function hashInputs(root, inputs, { skipFile, extra = '' } = {}) {
  const hash = crypto.createHash('sha256').update(extra).update('\0');
  for (const file of listInputs(root, inputs, skipFile)) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** The outputs' modification times (null for a missing one). */
function outputTimes(root, outputs) {
  return Object.fromEntries(
    outputs.map((output) => [
      output,
      fs.statSync(path.join(root, output), { throwIfNoEntry: false })?.mtimeMs ?? null,
    ]),
  );
}

/** Whether the stamp says the outputs were built from exactly these inputs and left alone since. */
export function isFresh({ root, stampFile, hash, outputs }) {
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return false;
  }
  if (stamp?.hash !== hash) return false;
  const times = outputTimes(root, outputs);
  return outputs.every((output) => times[output] !== null && stamp.outputs?.[output] === times[output]);
}

/** Records a successful build of `hash` (written beside, then renamed: never half a stamp). */
export function writeStamp({ root, stampFile, hash, outputs }) {
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  const temporary = `${stampFile}.${process.pid}`;
  fs.writeFileSync(temporary, `${JSON.stringify({ hash, outputs: outputTimes(root, outputs) }, null, 2)}\n`);
  fs.renameSync(temporary, stampFile);
}

const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file) || /(^|\/)test-data\.ts$/.test(file);
const SHARED = [
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
  'package.json',
];

/**
 * What each build reads and writes. The web app's build also depends on the VITE_ environment
 * variables; the server bundle excludes its tests and test helpers (never imported by main.ts).
 */
export const BUILD_TARGETS = {
  web: {
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/scripts',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
      ...SHARED,
    ],
    // Test helpers (src/test/) are imported by tests only.
    skipFile: (file) => isTest(file) || file.startsWith('apps/web/src/test/'),
    extra: () =>
      Object.entries(process.env)
        .filter(([name]) => name.startsWith('VITE_'))
        .sort()
        .map(([name, value]) => `${name}=${value}`)
        .join('\n'),
    outputs: ['apps/web/dist/index.html'],
    command: ['npm', ['run', 'build', '-w', 'apps/web']],
  },
  server: {
    inputs: [
      'apps/server/src',
      'apps/server/scripts/build-server.mjs',
      'apps/server/package.json',
      'apps/server/tsconfig.json',
      ...SHARED,
    ],
    skipFile: (file) => isTest(file) || file.startsWith('apps/server/src/test/'),
    extra: () => '',
    outputs: ['apps/server/dist/main.js', 'apps/server/dist/upload-worker.js'],
    command: ['node', ['apps/server/scripts/build-server.mjs']],
  },
  // fwportal's single executables, which the demo portal lists under Tools (issue 44 §1). win-x64
  // is re-signed with osslsigncode: built only where it is installed, and again once it is.
  'cli-binaries': {
    inputs: [
      'packages/cli/src',
      'packages/cli/build-binaries.mjs',
      'packages/cli/relink-kit.mjs',
      'packages/cli/relink',
      'packages/cli/package.json',
      'packages/cli/tsconfig.json',
      ...SHARED,
    ],
    skipFile: (file) => isTest(file) || file.startsWith('packages/cli/src/test/'),
    extra: () =>
      [
        `platforms=${cliPlatforms().join(',')}`,
        ...['FWPORTAL_RELEASE_KEY_FILE', 'FWPORTAL_NEXT_RELEASE_PUBLIC_KEY_FILE', 'FWPORTAL_CODESIGN_PKCS12']
          .filter((name) => process.env[name])
          .map((name) => `${name}=${process.env[name]}`),
      ].join('\n'),
    outputs: ['dist/cli-binaries/SHA256SUMS'],
    withoutIt: 'the portal lists no fwportal executable under Tools (README, npm run build:cli-binaries)',
    get command() {
      return ['node', ['packages/cli/build-binaries.mjs', `--platforms=${cliPlatforms().join(',')}`]];
    },
  },
};

/** Whether `tool` is an executable file on PATH. */
function onPath(tool) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, tool), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The platforms `npm start` builds fwportal for: win-x64 needs osslsigncode to be signed. */
function cliPlatforms() {
  return ['linux-x64', 'linux-arm64', ...(onPath('osslsigncode') ? ['win-x64'] : [])];
}
