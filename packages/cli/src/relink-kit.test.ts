import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { releaseSignedLine } from '@portal/contract/cli-builds';
import { current, PLATFORM, sha256, useSingleExecutable } from './test/sea-harness.ts';

describe('the relink kit (OpenPGP.js is under the GNU LGPL 3.0: section 4(d) relinking)', () => {
  const sea = useSingleExecutable({ portal: false });

  it('rebuilds a working fwportal from the kit with a modified OpenPGP.js', async () => {
    const folder = path.dirname(sea.built(current));
    const kitName = `fwportal-${current}-relink.tar.gz`;
    const kit = path.join(folder, kitName);
    // Signed with the builds, and named where the notices offer it.
    expect(readFileSync(path.join(folder, 'SHA256SUMS'), 'utf8')).toContain(
      releaseSignedLine(sha256(kit), kitName),
    );
    expect(readFileSync(path.join(folder, 'THIRD-PARTY-NOTICES.txt'), 'utf8')).toContain(
      `${kitName}, published beside the executables`,
    );
    const work = mkdtempSync(path.join(sea.home, 'relink-'));
    execFileSync('tar', ['-xzf', kit, '-C', work]);
    const kitDir = path.join(work, `fwportal-${current}-relink`);
    expect(readdirSync(kitDir).sort()).toEqual([
      'README.txt',
      'app',
      'kit.json',
      'package.json',
      'relink.mjs',
      'sea-blob.mjs',
    ]);
    // fwportal's own code only: it asks for the library by name and carries none of it.
    const app = readFileSync(path.join(kitDir, 'app', `fwportal-${PLATFORM}.cjs`), 'utf8');
    expect(app).toContain('"openpgp"');
    expect(app).not.toContain('OpenPGP.js ');
    // `npm install` in the kit, as its README says, stood in for by this repository's packages
    // (the versions the kit pins); the library changed in a way the executable must then carry.
    const repoModules = path.resolve(import.meta.dirname, '../../../node_modules');
    symlinkSync(repoModules, path.join(kitDir, 'node_modules'));
    const pinned = JSON.parse(readFileSync(path.join(kitDir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const library = JSON.parse(readFileSync(path.join(repoModules, 'openpgp/package.json'), 'utf8')) as {
      version: string;
    };
    expect(pinned.dependencies.openpgp).toBe(library.version);
    const modified = path.join(work, 'openpgp');
    cpSync(path.join(repoModules, 'openpgp'), modified, { recursive: true });
    const marker = `modified-openpgp-${randomUUID()}`;
    for (const file of readdirSync(path.join(modified, 'dist/node')))
      appendFileSync(path.join(modified, 'dist/node', file), `\nglobalThis.relinkMarker = "${marker}";\n`);
    const relinked = path.join(work, 'fwportal');
    // The target's Node.js binary, of the version the kit names: the one running this test.
    const nodeBinary = process.execPath;
    execFileSync(process.execPath, [
      path.join(kitDir, 'relink.mjs'),
      '--platform',
      PLATFORM,
      '--node',
      nodeBinary,
      '--out',
      relinked,
      '--openpgp',
      modified,
    ]);
    expect(readFileSync(relinked).includes(marker)).toBe(true);
    const version = spawnSync(relinked, ['--version'], { env: { PATH: sea.noNodePath }, encoding: 'utf8' });
    expect(version.stdout, version.stderr).toBe(`fwportal ${current} (${PLATFORM}, Node.js 24.21.0)\n`);
  });
});
