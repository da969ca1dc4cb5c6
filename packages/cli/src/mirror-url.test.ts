import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimComponent, startBmcSim, writeAddressesFile } from '../../../tools/bmc-sim/index.ts';
import { EXIT } from './exit-codes.ts';
import type { MirrorCatalog, MirrorIndex } from './mirror/mirror-layout.ts';
import { firmwareOf } from './test/fleet-catalogue.ts';
import { type FleetPortal, loginWithToken, startFleetPortal } from './test/portal-fixture.ts';
import { runBundledCli } from './test/bundled-cli.ts';
import { cliEnv, newConfigHome, runCli } from './test/run-cli.ts';
import { startStaticServer } from './test/static-server.ts';

/**
 * `audit --repo URL` and `update --repo URL` (issue 44 §2): a mirror published by a plain static
 * web server over real HTTP, checked exactly as a folder is (the pinned key, every file's signed
 * SHA-256), and the attacks on it: a flipped byte, a tampered index, a context signed by another
 * key, a path leaving the mirror, a redirect to another host. What `report --from` does with
 * the readings: report-from.test.ts.
 */
let portal: FleetPortal;
let sim: Awaited<ReturnType<typeof startBmcSim>>;
let web: Awaited<ReturnType<typeof startStaticServer>>;
let elsewhere: Awaited<ReturnType<typeof startStaticServer>>;
let home: string;
let env: NodeJS.ProcessEnv;
const PASSWORD = 'bmc-sim-password';
const served = () => path.join(home, 'www');
const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

/** BMC current, PSU on the older release: the PSU is due. */
function componentsOf(): SimComponent[] {
  const v = (kind: string, which: 'installed' | 'newest') => firmwareOf(portal.catalogue, kind)[which];
  return [
    { id: 'BMC', kind: 'BMC', version: v('BMC', 'newest') },
    { id: 'PSU1', kind: 'PSU', version: v('PSU', 'installed') },
  ];
}

/** A copy of the synced mirror under its own URL path, to tamper with. */
function copyOfMirror(): { dir: string; url: string } {
  const name = `copy-${randomBytes(4).toString('hex')}`;
  const dir = path.join(served(), name);
  cpSync(path.join(served(), 'repo'), dir, { recursive: true });
  return { dir, url: `${web.url}/${name}/` };
}

const newestIndexFile = (dir: string) => {
  const name = readJson<MirrorCatalog>(path.join(dir, 'mirror.json')).snapshots.at(-1)?.name ?? '';
  return path.join(dir, 'snapshots', name, 'index.json');
};

function hostsFile(bmcs: number[]): string {
  const file = path.join(home, `hosts-${randomBytes(3).toString('hex')}.csv`);
  return writeAddressesFile(
    file,
    bmcs.map((i) => sim.bmcs[i]!),
  );
}

const bmcArgs = (bmcs: number[]) => [
  '--bmc-file',
  hostsFile(bmcs),
  '--password-stdin',
  '--user',
  'admin',
  '--timeout',
  '5',
];

const audit = (repo: string, readings: string) =>
  runBundledCli(
    ['audit', '--repo', repo, ...bmcArgs([0]), '--readings', readings, '--json'],
    env,
    `${PASSWORD}\n`,
  );

const update = (repo: string, bmcs: number[]) =>
  runBundledCli(
    ['update', '--repo', repo, ...bmcArgs(bmcs), '--components', 'PSU', '--yes', '--json'],
    env,
    `${PASSWORD}\n`,
  );

type UpdateJson = {
  servers: {
    sn: string;
    steps: { component: string; status: string; via: string | null; messages: string[] }[];
  }[];
};
const stepsOf = (stdout: string) =>
  (JSON.parse(stdout) as UpdateJson).servers.flatMap((server) =>
    server.steps.map((step) => ({ sn: server.sn, ...step })),
  );

beforeAll(async () => {
  portal = await startFleetPortal();
  sim = await startBmcSim({
    servers: [0, 1, 2].map((i) => ({
      sn: portal.sns[i] ?? '',
      model: portal.model.code,
      components: componentsOf(),
    })),
    // What the tests check is the outcome, not how long a task runs: the simulator's default
    // (2 s, as a real BMC shows) would be waited in full on every update (issue 41).
    taskSeconds: 0.5,
  });
  // The second BMC only fetches images itself (SimpleUpdate), as many do.
  sim.bmcs[1]?.setMisbehaviour({ noMultipart: true });
  home = newConfigHome();
  env = cliEnv(home);
  const login = await loginWithToken(portal, env, { scopes: ['catalog:read', 'download', 'inventory'] });
  expect(login.code).toBe(EXIT.ok);
  mkdirSync(served());
  const sync = await runCli(
    ['mirror', 'sync', '--out', path.join(served(), 'repo'), '--kinds', 'BMC,PSU'],
    env,
  );
  expect(sync.code).toBe(EXIT.ok);
  web = await startStaticServer(served());
  elsewhere = await startStaticServer(path.join(home, 'elsewhere'));
  // A portal, BMCs and a sync: minutes on a loaded machine shared by many.
}, 600_000);
afterAll(async () => {
  await web?.close();
  await elsewhere?.close();
  await sim?.close();
  await portal?.close();
});

describe('a mirror on a static web server', () => {
  const readings = () => path.join(home, 'readings-url.json');

  it('audits from the URL as from the folder, fetching only the index and the signed context', async () => {
    const fromFolder = await audit(path.join(served(), 'repo'), path.join(home, 'readings-dir.json'));
    expect(fromFolder.code).toBe(EXIT.outdated);
    web.requests.length = 0;
    const run = await audit(`${web.url}/repo`, readings());
    expect(run.stderr).not.toContain('unexpected');
    expect(run.code, run.stderr + run.stdout).toBe(EXIT.outdated);
    const strip = (stdout: string) =>
      JSON.parse(stdout, (key, value: unknown) => (key === 'seenAt' ? undefined : value)) as unknown;
    expect(strip(run.stdout)).toEqual(strip(fromFolder.stdout));
    expect(web.requests.every((request) => !request.includes('/pool/'))).toBe(true);
    expect(web.requests.some((request) => request.endsWith('/compliance-context.json.sig'))).toBe(true);
    const written = readJson<{ origin: string; keyId: string; servers: { sn: string }[] }>(readings());
    expect(written.servers.map((server) => server.sn)).toEqual([portal.sns[0]]);
    expect(written.origin).toMatch(/^https?:\/\//);
    expect(written.keyId).toMatch(/^[0-9a-f]{16}$/);
  });

  it('updates from the URL: pushes the checked download (multipart), or gives a SimpleUpdate BMC the mirror URL', async () => {
    web.requests.length = 0;
    const run = await update(`${web.url}/repo/`, [0, 1]);
    expect(run.code, run.stderr + run.stdout).toBe(EXIT.ok);
    const steps = stepsOf(run.stdout);
    expect(steps.map((step) => [step.sn, step.status, step.via])).toEqual([
      [portal.sns[0], 'updated', 'multipart'],
      [portal.sns[1], 'updated', 'simple'],
    ]);
    const index = readJson<MirrorIndex>(newestIndexFile(path.join(served(), 'repo')));
    const psu = index.firmware.find((file) => file.version === firmwareOf(portal.catalogue, 'PSU').newest);
    for (const bmc of [sim.bmcs[0], sim.bmcs[1]]) {
      expect(bmc?.received().map((image) => image.sha256)).toEqual([psu?.sha256]);
      expect(bmc?.server.components.find((c) => c.kind === 'PSU')?.version).toBe(
        firmwareOf(portal.catalogue, 'PSU').newest,
      );
    }
    // Fetched once by fwportal to check it (before anything was sent), once by the SimpleUpdate BMC.
    expect(web.requests.filter((request) => request === `/repo/${psu?.path}`)).toHaveLength(2);
  });

  it('refuses a firmware file with one flipped byte, naming it, and sends nothing', async () => {
    const { dir, url } = copyOfMirror();
    const index = readJson<MirrorIndex>(newestIndexFile(dir));
    const psu = index.firmware.find((file) => file.version === firmwareOf(portal.catalogue, 'PSU').newest);
    const file = path.join(dir, psu?.path ?? '');
    const bytes = readFileSync(file);
    bytes[7] = (bytes[7] ?? 0) ^ 0x01;
    writeFileSync(file, bytes);
    const run = await update(url, [2]);
    expect(run.code, run.stderr + run.stdout).toBe(EXIT.verification);
    const [step] = stepsOf(run.stdout);
    expect(step?.status).toBe('notSent');
    expect(step?.messages.join(' ')).toContain(
      `${psu?.path} in the mirror does not match its signed SHA-256`,
    );
    expect(sim.bmcs[2]?.received()).toEqual([]);
  });

  it('refuses an index whose entry was swapped for a file of the attacker', async () => {
    const { dir, url } = copyOfMirror();
    const indexFile = newestIndexFile(dir);
    const index = readJson<MirrorIndex>(indexFile);
    const psu = index.firmware.find((file) => file.version === firmwareOf(portal.catalogue, 'PSU').newest);
    if (!psu) throw new Error('the newest PSU release is in the mirror');
    const forged = randomBytes(2048);
    psu.sha256 = sha256Of(forged);
    psu.size = forged.length;
    psu.path = `pool/${psu.sha256.slice(0, 2)}/${psu.sha256}/${psu.fileName}`;
    mkdirSync(path.dirname(path.join(dir, psu.path)), { recursive: true });
    writeFileSync(path.join(dir, psu.path), forged);
    writeFileSync(indexFile, JSON.stringify(index));
    const run = await update(url, [2]);
    expect(run.code, run.stderr + run.stdout).toBe(EXIT.verification);
    const [step] = stepsOf(run.stdout);
    expect(step?.status).toBe('notSent');
    expect(step?.messages.join(' ')).toContain(psu.fileName);
    expect(sim.bmcs[2]?.received()).toEqual([]);
  });

  it('refuses an index that gives a signed file another size or name, and fetches nothing', async () => {
    // The size caps the download (a server could send without end into the temporary folder) and
    // the name is what the BMC is told: the signed manifest's, not the unsigned index's.
    for (const change of [
      (entry: MirrorIndex['firmware'][number]) => Object.assign(entry, { size: 2 ** 50 }),
      (entry: MirrorIndex['firmware'][number]) => {
        entry.fileName = `other-${entry.fileName}`;
        entry.path = `pool/${entry.sha256.slice(0, 2)}/${entry.sha256}/${entry.fileName}`;
      },
    ]) {
      const { dir, url } = copyOfMirror();
      const indexFile = newestIndexFile(dir);
      const index = readJson<MirrorIndex>(indexFile);
      const psu = index.firmware.find((file) => file.version === firmwareOf(portal.catalogue, 'PSU').newest);
      if (!psu) throw new Error('the newest PSU release is in the mirror');
      change(psu);
      writeFileSync(indexFile, JSON.stringify(index));
      web.requests.length = 0;
      const run = await update(url, [2]);
      expect(run.code, run.stderr + run.stdout).toBe(EXIT.verification);
      const [step] = stepsOf(run.stdout);
      expect(step?.status).toBe('notSent');
      expect(web.requests.filter((request) => request.includes('/pool/'))).toEqual([]);
      expect(sim.bmcs[2]?.received()).toEqual([]);
    }
  });

  it('refuses a compliance context signed by another key, naming it', async () => {
    const { dir, url } = copyOfMirror();
    const indexFile = newestIndexFile(dir);
    const index = readJson<MirrorIndex>(indexFile);
    const contextFile = path.join(dir, index.complianceContext?.path ?? '');
    // Every PSU release but the installed one gone: the server would be judged current.
    const body = Buffer.from(
      readFileSync(contextFile, 'utf8').replaceAll(firmwareOf(portal.catalogue, 'PSU').newest, '0.0.0'),
    );
    const { privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(contextFile, body);
    writeFileSync(`${contextFile}.sig`, sign(null, body, privateKey));
    index.complianceContext = {
      path: index.complianceContext?.path ?? '',
      size: body.length,
      sha256: sha256Of(body),
    };
    writeFileSync(indexFile, JSON.stringify(index));
    const run = await audit(url, path.join(home, 'never.json'));
    expect(run.code, run.stderr + run.stdout).toBe(EXIT.verification);
    expect(run.stderr).toContain('compliance-context.json');
    expect(run.stdout).toBe('');
  });

  it('refuses an index path that leaves the mirror, and asks the server for nothing outside it', async () => {
    const { dir, url } = copyOfMirror();
    const indexFile = newestIndexFile(dir);
    const index = readJson<MirrorIndex>(indexFile);
    const psu = index.firmware.find((file) => file.version === firmwareOf(portal.catalogue, 'PSU').newest);
    if (!psu) throw new Error('the newest PSU release is in the mirror');
    // The very bytes, in the original mirror beside this copy: reachable only by climbing out.
    psu.path = `../repo/${psu.path}`;
    writeFileSync(indexFile, JSON.stringify(index));
    web.requests.length = 0;
    const run = await update(url, [2]);
    expect(run.code, run.stderr + run.stdout).toBe(EXIT.verification);
    const [step] = stepsOf(run.stdout);
    expect(step?.messages.join(' ')).toContain(`${psu.path}: not a path this mirror can hold`);
    expect(web.requests.every((request) => request.startsWith(new URL(url).pathname))).toBe(true);
    expect(sim.bmcs[2]?.received()).toEqual([]);
  });

  it('refuses a redirect to another host, and never asks that host', async () => {
    const { dir, url } = copyOfMirror();
    const indexFile = newestIndexFile(dir);
    const relative = path.relative(dir, indexFile).split(path.sep).join('/');
    web.redirects.set(`${new URL(url).pathname}${relative}`, `${elsewhere.url}/index.json`);
    const run = await audit(url, path.join(home, 'never.json'));
    expect(run.code, run.stderr + run.stdout).toBe(EXIT.verification);
    expect(run.stderr).toContain(`the mirror redirected ${relative} to ${elsewhere.url}, outside the mirror`);
    expect(elsewhere.requests).toEqual([]);
  });

  it('says so in Chinese too', async () => {
    const { url } = copyOfMirror();
    const run = await runBundledCli(
      ['audit', '--repo', `${url}missing/`, ...bmcArgs([0]), '--lang', 'zh-CN'],
      env,
      `${PASSWORD}\n`,
    );
    expect(run.code).toBe(EXIT.error);
    expect(run.stderr).toContain('中没有 mirror.json（HTTP 404）');
  });

  it("uploads the URL audit's readings to the portal whose context judged them", async () => {
    // The origin they name is the portal's, not the web server's the mirror came from.
    expect(readJson<{ origin: string }>(readings()).origin).not.toBe(web.url);
    const run = await runCli(['report', '--from', readings(), '--json'], env);
    expect(run.code, run.stderr + run.stdout).toBe(EXIT.ok);
    expect(JSON.parse(run.stdout)).toMatchObject({ accepted: 1, unknown: [] });
  });
});
