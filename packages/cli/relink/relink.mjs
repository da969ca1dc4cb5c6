// fwportal's relink kit (GNU LGPL-3.0 section 4(d)): rebuilds an fwportal single executable from
// fwportal's own code, as shipped in this kit (app/), with any version of OpenPGP.js, modified or
// not. README.txt says how; this script does what build-binaries.mjs does for a release, minus the
// signing: bundle, single-executable blob, injection into a Node.js binary.
//
//   node relink.mjs --platform linux-x64 --node /path/to/node --out ./fwportal [--openpgp DIR]
//
// `--node` is the Node.js binary of the target platform, the version in kit.json (the blob runs
// only on the Node that made it, so this script must run on that version too). `--openpgp` is the
// library's package folder (default: node_modules/openpgp after `npm install` here).
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seaBlob } from './sea-blob.mjs';

const here = import.meta.dirname;
const kit = JSON.parse(readFileSync(path.join(here, 'kit.json'), 'utf8'));

function fail(message) {
  console.error(`relink: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    platform: { type: 'string' },
    node: { type: 'string' },
    out: { type: 'string' },
    openpgp: { type: 'string', default: path.join(here, 'node_modules', 'openpgp') },
  },
});
const app = kit.platforms[values.platform];
if (!app) fail(`--platform must be one of ${Object.keys(kit.platforms).join(', ')}`);
if (!values.node || !existsSync(values.node))
  fail('--node must name the Node.js binary of the target platform');
if (!values.out) fail('--out must name the executable to write');
if (!existsSync(path.join(values.openpgp, 'package.json')))
  fail(`${values.openpgp} is not a package folder (run npm install here, or give --openpgp DIR)`);
if (process.versions.node !== kit.nodeVersion)
  fail(
    `run with Node.js ${kit.nodeVersion} (this is ${process.versions.node}): the blob runs only on the Node that made it`,
  );

// Loaded only once the arguments are sound: they come from `npm install` in this folder.
const { build } = await import('esbuild');
const { inject } = await import('postject');

const work = mkdtempSync(path.join(tmpdir(), 'fwportal-relink-'));
try {
  const script = path.join(work, 'fwportal.cjs');
  await build({
    entryPoints: [path.join(here, app)],
    outfile: script,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${kit.nodeVersion.split('.')[0]}`,
    // fwportal's code asks for `openpgp`: the library given, whatever folder it is in.
    alias: { openpgp: path.resolve(values.openpgp) },
    logLevel: 'warning',
  });
  const blob = seaBlob(work, 'fwportal', script);
  const partial = path.join(work, 'fwportal');
  copyFileSync(values.node, partial);
  chmodSync(partial, 0o755);
  await inject(partial, 'NODE_SEA_BLOB', blob, { sentinelFuse: kit.seaFuse });
  copyFileSync(partial, values.out);
  chmodSync(values.out, 0o755);
  console.log(
    `relink: wrote ${values.out} (fwportal ${kit.version}, ${values.platform}, OpenPGP.js from ${values.openpgp})`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
