import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  sign,
} from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  copyFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersions } from '../../../apps/server/src/db/schema';
import { publishedSignatureKey } from '../../../apps/server/src/modules/downloads/published-signature';
import { createItem, createVersion } from '../../../apps/server/src/test/catalog-factories';
import { createUser } from '../../../apps/server/src/test/factories';
import { tokenFor } from '../../../apps/server/src/test/requests';
import { startBmcSim } from '../../../tools/bmc-sim/index.ts';
import { EXIT } from './exit-codes.ts';
import type { FleetServer } from './portal-api.ts';
import {
  buildFileName,
  fwportalItemCode,
  RELEASE_PUBLIC_KEY_FILE,
  releaseSignedLine,
} from '@portal/contract/cli-builds';
import { firmwareOf } from './test/fleet-catalogue.ts';
import { type FleetPortal, startFleetPortal } from './test/portal-fixture.ts';
import { newConfigHome } from './test/run-cli.ts';
import { SEA_TEST_VERSIONS, type SeaTestBuilds, seaTestBuilds } from './test/sea-builds.ts';
import { startTamperProxy } from './test/tamper-proxy.ts';

/**
 * The linux-x64 single executable, as a customer runs it: copied into a folder of its own, on a
 * machine whose PATH holds no `node` (an empty folder), against a real portal that signs with the
 * key of its own and a simulated BMC. Then `self-update`: unsigned, tampered, older builds and
 * builds signed by the portal's key alone (a portal signs whatever its staff publish) are refused
 * without touching the program; a newer one signed by the release key built into it replaces it.
 */
const { current, newer } = SEA_TEST_VERSIONS;
const PLATFORM = 'linux-x64';
let builds: SeaTestBuilds;
let portal: FleetPortal;
let sim: Awaited<ReturnType<typeof startBmcSim>>;
let proxy: Awaited<ReturnType<typeof startTamperProxy>>;
let home: string;
let noNodePath: string;
let program: string;
let token: string;

const built = (version: string) =>
  path.join(version === current ? builds.current : builds.newer, buildFileName(version, PLATFORM));
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

type Run = { code: number | null; stdout: string; stderr: string };

/** `fwportal args` as the single executable, with nothing but an empty folder on PATH. */
function fwportal(args: string[], input = '', extraEnv: Record<string, string> = {}): Promise<Run> {
  const env = { PATH: noNodePath, HOME: home, XDG_CONFIG_HOME: home, LANG: 'en_US.UTF-8', ...extraEnv };
  const child = spawn(program, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdin.end(input);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** A folder holding `version`'s build under its own name, and what else `files` adds beside it. */
function carried(version: string, files: (dir: string, file: string) => void = () => {}): string {
  const dir = mkdtempSync(path.join(home, 'carried-'));
  const file = path.join(dir, buildFileName(version, PLATFORM));
  copyFileSync(built(version), file);
  files(dir, file);
  return file;
}

/** What the console's upload form sends for a build (meta, signature, file), then Publish, as staff. */
async function publishThroughConsole(itemId: number, file: string): Promise<number> {
  const staff = await createUser(portal.t.db, { roleCodes: ['staff'] });
  const staffToken = await tokenFor(portal.t.app, staff.account, staff.password);
  const headers = { authorization: `Bearer ${staffToken}` };
  const form = new FormData();
  const meta = {
    version: newer,
    releaseDate: '2026-12-01',
    fileCategory: 'software',
    os: 'Any',
    arch: 'Any',
  };
  form.append(
    'meta',
    JSON.stringify({ ...meta, severity: 'optional', cves: [], models: [], securityFix: false }),
  );
  form.append('signature', new Blob([readFileSync(`${file}.sig`)]), `${path.basename(file)}.sig`);
  form.append('file', new Blob([readFileSync(file)]), path.basename(file));
  const uploaded = await fetch(`${portal.url}/api/publishing/items/${itemId}/versions`, {
    method: 'POST',
    headers,
    body: form,
  });
  const draft = (await uploaded.json()) as { data: { id: number } };
  expect(uploaded.status, JSON.stringify(draft)).toBe(200);
  const published = await fetch(`${portal.url}/api/publishing/versions/${draft.data.id}/publish`, {
    method: 'POST',
    headers,
  });
  expect(published.status).toBe(200);
  return draft.data.id;
}

const withSignedSums = (version: string) => (dir: string) => {
  const from = path.dirname(built(version));
  for (const name of ['SHA256SUMS', 'SHA256SUMS.sig'])
    copyFileSync(path.join(from, name), path.join(dir, name));
};

beforeAll(async () => {
  builds = await seaTestBuilds();
  // The portal signs with a key of its own: the builds' release key is never on a portal, only
  // its public half, to check the builds staff publish.
  portal = await startFleetPortal({
    config: { CLI_RELEASE_PUBLIC_KEY_FILE: path.join(builds.newer, RELEASE_PUBLIC_KEY_FILE) },
  });
  proxy = await startTamperProxy(portal.url);
  const sn = portal.sns[0]!;
  const shipped = (kind: string) => firmwareOf(portal.catalogue, kind).installed;
  sim = await startBmcSim({
    servers: [
      {
        sn,
        model: portal.model.code,
        components: (['BMC', 'BIOS', 'PSU'] as const).map((kind) => ({
          id: kind,
          kind,
          version: shipped(kind),
        })),
      },
    ],
  });
  home = newConfigHome();
  noNodePath = mkdtempSync(path.join(tmpdir(), 'fwportal-path-'));
  const bin = mkdtempSync(path.join(tmpdir(), 'fwportal-bin-'));
  program = path.join(bin, 'fwportal');
  copyFileSync(built(current), program);
  chmodSync(program, 0o755);
  ({ token } = await portal.t.app.services.apiTokens.create(portal.customer.id, {
    name: 'single-executable',
    scopes: ['catalog:read', 'download', 'inventory'],
    expiresInDays: 7,
  }));
}, 900_000);
afterAll(async () => {
  await sim?.close();
  await proxy?.close();
  await portal?.close();
  // The program and the builds carried beside it are a hundred megabytes each.
  for (const dir of [home, noNodePath, program && path.dirname(program)])
    if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the single executable, with no node on PATH', () => {
  it('prints its version, signs in, resolves, downloads, verifies and audits a BMC', async () => {
    expect(readdirSync(noNodePath)).toEqual([]);
    // Beside the builds, signed in SHA256SUMS: the licences of what each executable carries.
    const folder = path.dirname(built(current));
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
    expect((await fwportal(['notices'])).stdout).toBe(notices.toString('utf8'));

    const version = await fwportal(['--version']);
    expect(version.stdout).toBe(`fwportal ${current} (${PLATFORM}, Node.js 24.21.0)\n`);
    expect(version.code, version.stderr).toBe(EXIT.ok);

    const login = await fwportal(['login', '--url', portal.url, '--token-stdin'], `${token}\n`);
    expect(login.stderr).toBe('');
    expect(login.code, login.stderr).toBe(EXIT.ok);

    const sn = portal.sns[0]!;
    const resolve = await fwportal(['resolve', '--sn', sn, '--json']);
    expect(resolve.code, resolve.stderr).toBe(EXIT.ok);
    const [server] = (JSON.parse(resolve.stdout) as { servers: FleetServer[] }).servers;
    expect(server).toMatchObject({ sn, found: true, model: portal.model.code });
    expect(server!.firmware.map((f) => f.versionId).sort()).toEqual(
      portal.catalogue.map((f) => f.newestVersionId).sort(),
    );

    const out = path.join(home, 'firmware');
    const download = await fwportal(['download', '--sn', sn, '--out', out, '--json']);
    expect(download.code, download.stderr).toBe(EXIT.ok);
    const files = (JSON.parse(download.stdout) as { files: { path: string; sha256: string }[] }).files;
    expect(files).toHaveLength(portal.catalogue.length);
    for (const file of files) expect(sha256(file.path)).toBe(file.sha256);

    const verify = await fwportal(['verify', out]);
    expect(verify.code, verify.stderr).toBe(EXIT.ok);
    expect(verify.stdout.trim().split('\n')).toHaveLength(portal.catalogue.length);

    const audit = await fwportal(
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

describe('fwportal self-update', () => {
  let original: string;
  let newerVersionId: number;
  const untouched = async () => {
    expect(sha256(program)).toBe(original);
    // Nothing half-written is left beside it either.
    expect(readdirSync(path.dirname(program))).toEqual(['fwportal']);
    expect((await fwportal(['--version'])).stdout).toContain(`fwportal ${current} `);
  };

  let itemId: number;
  /** A version row of the platform's Tools item, as the factories write it (no upload checks). */
  const publish = async (version: string, fileName: string, bytes?: Buffer, preRelease = false) => {
    const row = await createVersion(portal.t.db, portal.t.app.services.store, {
      itemId,
      version,
      fileName,
      bytes,
      preRelease,
    });
    await portal.t.db
      .update(catalogVersions)
      .set({ os: 'Linux', arch: 'x86_64', fileCategory: 'software' })
      .where(eq(catalogVersions.id, row.id));
    return row.id;
  };

  beforeAll(async () => {
    original = sha256(program);
    // Staff publish builds as any software: a version of the Tools item of the platform.
    const item = await createItem(portal.t.db, {
      kind: 'TOOL',
      code: fwportalItemCode(PLATFORM),
      name: 'fwportal',
    });
    itemId = item.id;
    // Published by staff as the console does: the executable with the .sig the build script
    // wrote beside it, over HTTP, then released.
    newerVersionId = await publishThroughConsole(item.id, built(newer));
    // Never picked: a pre-release, and a newer build for another platform listed by mistake
    // (rows the publishing API itself would refuse: their bytes carry no release signature).
    await publish('9.0.0-rc.1', buildFileName('9.0.0-rc.1', PLATFORM), undefined, true);
    await publish('9.0.0', buildFileName('9.0.0', 'linux-arm64'));
  });

  it('refuses an unsigned build (no SHA256SUMS.sig beside it)', async () => {
    const file = carried(newer, (dir) => {
      copyFileSync(path.join(path.dirname(built(newer)), 'SHA256SUMS'), path.join(dir, 'SHA256SUMS'));
    });
    const run = await fwportal(['self-update', '--from', file]);
    expect(run.stderr).toContain('is not signed');
    expect(run.code, run.stderr).toBe(EXIT.verification);
    await untouched();
  });

  it('refuses a tampered build (one byte changed after signing)', async () => {
    const file = carried(newer, (dir, copy) => {
      withSignedSums(newer)(dir);
      const bytes = readFileSync(copy);
      const last = bytes.length - 1;
      bytes.writeUInt8(bytes.readUInt8(last) ^ 0xff, last);
      writeFileSync(copy, bytes);
    });
    const run = await fwportal(['self-update', '--from', file]);
    expect(run.stderr).toContain('differs from the signed one');
    expect(run.code, run.stderr).toBe(EXIT.verification);
    await untouched();
  });

  it("refuses a carried build whose SHA256SUMS only the portal's key signed", async () => {
    const portalKey = createPrivateKey(
      readFileSync(path.join(portal.t.dataDir, 'keys', 'release-ed25519.pem')),
    );
    const file = carried(newer, (dir) => {
      withSignedSums(newer)(dir);
      const sums = readFileSync(path.join(dir, 'SHA256SUMS'));
      writeFileSync(path.join(dir, 'SHA256SUMS.sig'), sign(null, sums, portalKey));
    });
    const run = await fwportal(['self-update', '--from', file]);
    expect(run.stderr).toContain('is not signed by the release key built into this fwportal');
    expect(run.code, run.stderr).toBe(EXIT.verification);
    await untouched();
  });

  it('refuses a carried build whose own .sig another key made', async () => {
    const file = carried(newer, (_dir, copy) => {
      const { privateKey } = generateKeyPairSync('ed25519');
      const line = releaseSignedLine(sha256(copy), path.basename(copy));
      writeFileSync(`${copy}.sig`, sign(null, Buffer.from(line), privateKey));
    });
    const run = await fwportal(['self-update', '--from', file]);
    expect(run.stderr).toContain('is not signed by the release key built into this fwportal');
    expect(run.code, run.stderr).toBe(EXIT.verification);
    await untouched();
  });

  it("refuses the portal's newest build when it is published without its release signature, though the portal signs its SHA256SUMS", async () => {
    const store = portal.t.app.services.store;
    const key = publishedSignatureKey(newerVersionId);
    const releaseSignature = readFileSync(`${built(newer)}.sig`);
    await store.remove(key);
    try {
      // What a staff member publishing a build of their own gets: the portal's signature only.
      const sums = await portal.t.app.inject({
        url: `/api/downloads/${newerVersionId}/SHA256SUMS.sig`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(sums.statusCode).toBe(200);
      const run = await fwportal(['self-update']);
      expect(run.stderr).toContain('without its release signature');
      expect(run.code, run.stderr).toBe(EXIT.verification);
    } finally {
      await store.put(key, Readable.from([releaseSignature]));
    }
    await untouched();
  });

  it('refuses a build tampered with on its way from the portal', async () => {
    proxy.mode.tamper = true;
    try {
      const run = await fwportal(['self-update', '--url', proxy.url], '', { FWPORTAL_TOKEN: token });
      expect(run.stderr).toContain('differs from the signed one');
      expect(run.code, run.stderr).toBe(EXIT.verification);
    } finally {
      proxy.mode.tamper = false;
    }
    await untouched();
  });

  it('does not run in CI', async () => {
    const run = await fwportal(['self-update'], '', { CI: 'true' });
    expect(run.stderr).toContain('does not run in CI');
    expect(run.code, run.stderr).toBe(EXIT.error);
    await untouched();
  });

  it('installs the newest build for its platform from the portal, signed by the next key it announced, then has nothing to do', async () => {
    const keyIds = async () =>
      JSON.parse((await fwportal(['version', '--json'])).stdout) as {
        releaseKeyId: string;
        nextReleaseKeyId: string | null;
      };
    const before = await keyIds();
    expect(before.nextReleaseKeyId).toMatch(/^[0-9a-f]{16}$/);
    // A later release signed by a key this build cannot know (a second key change): passed over
    // for the newest build it can verify, which is told, and never downloaded.
    const laterKey = generateKeyPairSync('ed25519').privateKey;
    const laterBytes = randomBytes(4096);
    const later = buildFileName('1.2.0', PLATFORM);
    const laterId = await publish('1.2.0', later, laterBytes);
    const laterLine = releaseSignedLine(createHash('sha256').update(laterBytes).digest('hex'), later);
    await portal.t.app.services.store.put(
      publishedSignatureKey(laterId),
      Readable.from([sign(null, Buffer.from(laterLine), laterKey)]),
    );
    const mode = statSync(program).mode;
    const run = await fwportal(['self-update']);
    expect(run.stderr).toContain(
      `${later} cannot be verified by this fwportal (its release signature is missing, or made by a key this build does not know, as after a release key change): installing ${buildFileName(newer, PLATFORM)}, the newest build it can verify`,
    );
    expect(run.stdout).toBe(`fwportal updated from ${current} to ${newer} (${program})\n`);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(sha256(program)).toBe(sha256(built(newer)));
    expect(statSync(program).mode).toBe(mode);
    expect(readdirSync(path.dirname(program))).toEqual(['fwportal']);
    expect((await fwportal(['--version'])).stdout).toContain(`fwportal ${newer} `);
    // The key change is done: the new build trusts the announced key alone.
    const after = await keyIds();
    expect([after.releaseKeyId, after.nextReleaseKeyId]).toEqual([before.nextReleaseKeyId, null]);

    // The new build does not know that key either: it refuses the later build and keeps itself.
    const refused = await fwportal(['self-update']);
    expect(refused.stderr).toContain(`${later} is not signed by the release key built into this fwportal`);
    expect(refused.code, refused.stderr).toBe(EXIT.verification);
    expect(sha256(program)).toBe(sha256(built(newer)));
    await portal.t.db.delete(catalogVersions).where(eq(catalogVersions.id, laterId));

    const again = await fwportal(['self-update', '--json']);
    expect(again.code, again.stderr).toBe(EXIT.ok);
    expect(JSON.parse(again.stdout)).toMatchObject({ updated: false, from: newer });
  });

  it('refuses an older build signed by its own key, and one the retired key signed', async () => {
    const updated = sha256(program);
    const releaseKey = createPrivateKey(readFileSync(builds.nextKeyFile));
    const signedNow = carried(current, (_dir, copy) => {
      const line = releaseSignedLine(sha256(copy), path.basename(copy));
      writeFileSync(`${copy}.sig`, sign(null, Buffer.from(line), releaseKey));
    });
    const older = await fwportal(['self-update', '--from', signedNow]);
    expect(older.stderr).toContain(
      `${current} is older than this fwportal (${newer}): a downgrade is refused`,
    );
    expect(older.code, older.stderr).toBe(EXIT.error);
    // As released, under the key the change retired: no longer trusted at all.
    const retired = await fwportal(['self-update', '--from', carried(current, withSignedSums(current))]);
    expect(retired.stderr).toContain('is not signed by the release key built into this fwportal');
    expect(retired.code, retired.stderr).toBe(EXIT.verification);
    expect(sha256(program)).toBe(updated);
  });
});

describe('the relink kit (OpenPGP.js is under the GNU LGPL 3.0: section 4(d) relinking)', () => {
  it('rebuilds a working fwportal from the kit with a modified OpenPGP.js', async () => {
    const folder = path.dirname(built(current));
    const kitName = `fwportal-${current}-relink.tar.gz`;
    const kit = path.join(folder, kitName);
    // Signed with the builds, and named where the notices offer it.
    expect(readFileSync(path.join(folder, 'SHA256SUMS'), 'utf8')).toContain(
      releaseSignedLine(sha256(kit), kitName),
    );
    expect(readFileSync(path.join(folder, 'THIRD-PARTY-NOTICES.txt'), 'utf8')).toContain(
      `${kitName}, published beside the executables`,
    );
    const work = mkdtempSync(path.join(home, 'relink-'));
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
    const version = spawnSync(relinked, ['--version'], { env: { PATH: noNodePath }, encoding: 'utf8' });
    expect(version.stdout, version.stderr).toBe(`fwportal ${current} (${PLATFORM}, Node.js 24.21.0)\n`);
  });
});
