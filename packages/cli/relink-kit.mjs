// The relink kit build-binaries.mjs writes beside the executables: fwportal's own code with
// OpenPGP.js left out, and what rebuilds an executable from it with any version of that library.
// OpenPGP.js is under the GNU LGPL 3.0; its section 4(d)(0) asks that whoever receives the combined
// work can relink it with a modified library, which an executable alone does not allow.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const repoRoot = path.resolve(here, '../..');

/** The kit's file name, beside the executables and in SHA256SUMS. */
export const relinkKitName = (version) => `fwportal-${version}-relink.tar.gz`;

/** Where the kit keeps a platform's app code (relative to the kit's folder). */
export const relinkAppName = (platform) => `fwportal-${platform}.cjs`;

/** The exact version of an installed package: the kit pins what this build used. */
const installedVersion = (name) =>
  JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')).version;

/**
 * Writes `<out>/fwportal-<version>-relink.tar.gz` and answers its name and SHA-256. `bundleApp`
 * bundles fwportal for a platform with OpenPGP.js external and answers the file. The archive is
 * the same bytes for the same inputs (sorted names, fixed times and owners), so a rebuild of a
 * release can be compared with the published one.
 */
export async function writeRelinkKit({ out, work, version, nodeVersion, seaFuse, platforms, bundleApp }) {
  const name = relinkKitName(version);
  const folder = `fwportal-${version}-relink`;
  const root = path.join(work, folder);
  mkdirSync(path.join(root, 'app'), { recursive: true });
  const apps = {};
  for (const platform of platforms) {
    const app = path.join('app', relinkAppName(platform));
    renameSync(await bundleApp(platform), path.join(root, app));
    apps[platform] = app.split(path.sep).join('/');
  }
  for (const file of ['relink.mjs', 'sea-blob.mjs', 'README.txt'])
    copyFileSync(path.join(here, 'relink', file), path.join(root, file));
  writeFileSync(
    path.join(root, 'kit.json'),
    `${JSON.stringify({ version, nodeVersion, seaFuse, platforms: apps }, null, 2)}\n`,
  );
  writeFileSync(
    path.join(root, 'package.json'),
    `${JSON.stringify(
      {
        name: 'fwportal-relink',
        version,
        private: true,
        type: 'module',
        description: "fwportal's own code, to rebuild fwportal with a modified OpenPGP.js (README.txt)",
        dependencies: { openpgp: installedVersion('openpgp') },
        devDependencies: { esbuild: installedVersion('esbuild'), postject: installedVersion('postject') },
      },
      null,
      2,
    )}\n`,
  );
  const partial = path.join(work, `${name}.partial`);
  execFileSync('tar', [
    '--sort=name',
    '--mtime=@0',
    '--owner=0',
    '--group=0',
    '--numeric-owner',
    // gzip -n: no name or time in the gzip header either.
    '--use-compress-program=gzip -n',
    '-cf',
    partial,
    '-C',
    work,
    folder,
  ]);
  const bytes = readFileSync(partial);
  renameSync(partial, path.join(out, name));
  return { name, sha256: createHash('sha256').update(bytes).digest('hex') };
}
