// Builds dist/main.js: the CLI and the contract's rules it uses (version order, install order,
// visible text) in one file that needs nothing but Node.js. The contract is a private workspace
// package, so it is bundled, never required at run time; the build fails if anything else from
// node_modules (zod, say) would be shipped with it, openpgp aside (bundled too, loaded only by a
// `mirror verify` that checks advisories). `--dist DIR` writes DIR/main.js instead (the CLI tests'
// own build, src/test/bundle-global-setup.ts).
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const distArg = process.argv.indexOf('--dist');
const dist = distArg > 0 ? path.resolve(process.argv[distArg + 1] ?? '') : path.join(here, 'dist');
const { version } = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
rmSync(dist, { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(dist, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.12',
  // `fwportal --version`; no platform or release key: only the single executable updates itself.
  define: { FWPORTAL_BUILD: JSON.stringify({ version, platform: null, releaseKeyPem: null }) },
  metafile: true,
  logLevel: 'warning',
});
// openpgp alone is bundled on purpose: `mirror verify` checks the advisories' OpenPGP signatures.
const shipped = Object.keys(metafile.inputs).filter(
  (input) => input.includes('node_modules/') && !input.includes('node_modules/openpgp/'),
);
if (shipped.length > 0) {
  console.error(`fwportal must need nothing but Node.js, yet the bundle holds:\n  ${shipped.join('\n  ')}`);
  process.exit(1);
}
