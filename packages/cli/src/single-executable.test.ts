import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseSignedLine } from '@portal/contract/cli-builds';
import { startBmcSim } from '../../../tools/bmc-sim/index.ts';
import { EXIT } from './exit-codes.ts';
import type { FleetServer } from './portal-api.ts';
import { firmwareOf } from './test/fleet-catalogue.ts';
import { current, PLATFORM, sha256, useSingleExecutable } from './test/sea-harness.ts';

/**
 * The linux-x64 single executable, as a customer runs it: copied into a folder of its own, on a
 * machine whose PATH holds no `node` (an empty folder), against a real portal that signs with the
 * key of its own and a simulated BMC. Its self-update: self-update*.test.ts; the relink kit its
 * notices offer: relink-kit.test.ts.
 */
const sea = useSingleExecutable({ portal: true });
let sim: Awaited<ReturnType<typeof startBmcSim>>;

beforeAll(async () => {
  const { portal } = sea;
  const shipped = (kind: string) => firmwareOf(portal.catalogue, kind).installed;
  sim = await startBmcSim({
    servers: [
      {
        sn: portal.sns[0]!,
        model: portal.model.code,
        components: (['BMC', 'BIOS', 'PSU'] as const).map((kind) => ({
          id: kind,
          kind,
          version: shipped(kind),
        })),
      },
    ],
  });
});
afterAll(() => sim?.close());

describe('the single executable, with no node on PATH', () => {
  it('prints its version, signs in, resolves, downloads, verifies and audits a BMC', async () => {
    expect(readdirSync(sea.noNodePath)).toEqual([]);
    // Beside the builds, signed in SHA256SUMS: the licences of what each executable carries.
    const folder = path.dirname(sea.built(current));
    const notices = readFileSync(path.join(folder, 'THIRD-PARTY-NOTICES.txt'));
    expect(readFileSync(path.join(folder, 'SHA256SUMS'), 'utf8')).toContain(
      releaseSignedLine(createHash('sha256').update(notices).digest('hex'), 'THIRD-PARTY-NOTICES.txt'),
    );
    for (const part of [
      `== Node.js ${process.versions.node} (MIT`,
      '== openpgp 6.3.2 (LGPL-3.0+) ==',
      'GNU LESSER GENERAL PUBLIC LICENSE',
      '== GNU General Public License, version 3',
      "is fwportal's own code in a form that can be rebuilt with a modified version of the library",
    ])
      expect(notices.toString('utf8')).toContain(part);
    // And built into the executable, so every copy carries them wherever it came from.
    expect((await sea.fwportal(['notices'])).stdout).toBe(notices.toString('utf8'));

    const version = await sea.fwportal(['--version']);
    expect(version.stdout).toBe(`fwportal ${current} (${PLATFORM}, Node.js 24.21.0)\n`);
    expect(version.code, version.stderr).toBe(EXIT.ok);

    const login = await sea.fwportal(['login', '--url', sea.portal.url, '--token-stdin'], `${sea.token}\n`);
    expect(login.stderr).toBe('');
    expect(login.code, login.stderr).toBe(EXIT.ok);

    const sn = sea.portal.sns[0]!;
    const resolve = await sea.fwportal(['resolve', '--sn', sn, '--json']);
    expect(resolve.code, resolve.stderr).toBe(EXIT.ok);
    const [server] = (JSON.parse(resolve.stdout) as { servers: FleetServer[] }).servers;
    expect(server).toMatchObject({ sn, found: true, model: sea.portal.model.code });
    expect(server!.firmware.map((f) => f.versionId).sort()).toEqual(
      sea.portal.catalogue.map((f) => f.newestVersionId).sort(),
    );

    const out = path.join(sea.home, 'firmware');
    const download = await sea.fwportal(['download', '--sn', sn, '--out', out, '--json']);
    expect(download.code, download.stderr).toBe(EXIT.ok);
    const files = (JSON.parse(download.stdout) as { files: { path: string; sha256: string }[] }).files;
    expect(files).toHaveLength(sea.portal.catalogue.length);
    for (const file of files) expect(sha256(file.path)).toBe(file.sha256);

    const verify = await sea.fwportal(['verify', out]);
    expect(verify.code, verify.stderr).toBe(EXIT.ok);
    expect(verify.stdout.trim().split('\n')).toHaveLength(sea.portal.catalogue.length);

    const audit = await sea.fwportal(
      ['audit', '--bmc', sim.bmcs[0]!.url, '--user', 'admin', '--password-stdin', '--timeout', '5', '--json'],
      'bmc-sim-password\n',
    );
    // It runs the firmware it shipped with: outdated, and reported to the portal.
    expect(audit.code, audit.stderr).toBe(EXIT.outdated);
    const audited = JSON.parse(audit.stdout) as {
      servers: { sn: string; reported: boolean; state: string }[];
    };
    expect(audited.servers).toEqual([expect.objectContaining({ sn, reported: true, state: 'outdated' })]);
  });
});
