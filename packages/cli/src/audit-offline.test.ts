import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimComponent, startBmcSim, writeAddressesFile } from '../../../tools/bmc-sim/index.ts';
import { EXIT } from './exit-codes.ts';
import { firmwareOf } from './test/fleet-catalogue.ts';
import { type FleetPortal, loginWithToken, startFleetPortal } from './test/portal-fixture.ts';
import { runBundledCli } from './test/bundled-cli.ts';
import { cliEnv, newConfigHome, runCli } from './test/run-cli.ts';

/**
 * An isolated network's audit (issue 44 §2): `mirror sync` carries the portal's signed compliance
 * context; `audit --repo` reads simulated BMCs and judges them with it, offline, by the contract's
 * engine; `report --from` uploads the readings later, and the portal then says what the offline
 * audit said.
 */
let portal: FleetPortal;
let sim: Awaited<ReturnType<typeof startBmcSim>>;
let home: string;
let env: NodeJS.ProcessEnv;
let hostsFile: string;
const repo = () => path.join(home, 'repo');
const PASSWORD = 'bmc-sim-password';

type Row = { component: string; installed: string | null; state: string; target: { version: string } | null };
type AuditJson = { servers: { sn: string; state: string | null; compliance: Row[] }[]; unknown: string[] };

/** BMC current, PSU on the older release (outdated), the rest as the servers shipped. */
function componentsOf(): SimComponent[] {
  const v = (kind: string, which: 'installed' | 'newest') => firmwareOf(portal.catalogue, kind)[which];
  return [
    { id: 'BMC', kind: 'BMC', version: v('BMC', 'newest') },
    { id: 'BIOS', kind: 'BIOS', version: v('BIOS', 'installed') },
    { id: 'PSU1', kind: 'PSU', version: v('PSU', 'installed') },
  ];
}

const offlineAudit = (args: string[]) =>
  runBundledCli(
    [
      'audit',
      '--repo',
      repo(),
      '--bmc-file',
      hostsFile,
      '--password-stdin',
      '--user',
      'admin',
      '--timeout',
      '5',
      ...args,
    ],
    env,
    `${PASSWORD}\n`,
  );

beforeAll(async () => {
  portal = await startFleetPortal();
  sim = await startBmcSim({
    servers: [portal.sns[0] ?? '', portal.sns[1] ?? '', portal.otherSn].map((sn) => ({
      sn,
      model: portal.model.code,
      components: componentsOf(),
    })),
    // What the tests check is the outcome, not how long a task runs: the simulator's default
    // (2 s, as a real BMC shows) would be waited in full on every update (issue 41).
    taskSeconds: 0.5,
  });
  home = newConfigHome();
  env = cliEnv(home);
  const login = await loginWithToken(portal, env, { scopes: ['catalog:read', 'download', 'inventory'] });
  expect(login.code).toBe(EXIT.ok);
  hostsFile = writeAddressesFile(path.join(home, 'hosts.csv'), sim.bmcs);
  const sync = await runCli(['mirror', 'sync', '--out', repo(), '--kinds', 'BMC,PSU', '--json'], env);
  expect(sync.stderr).toBe('');
  expect(sync.code).toBe(EXIT.ok);
});
afterAll(async () => {
  await sim?.close();
  await portal?.close();
});

describe('fwportal audit --repo, then report --from', () => {
  const readings = () => path.join(home, 'readings.json');
  let offline: AuditJson;

  it('judges the servers offline with the signed context, and writes their readings', async () => {
    const run = await offlineAudit(['--readings', readings(), '--json']);
    expect(run.code).toBe(EXIT.outdated);
    offline = JSON.parse(run.stdout) as AuditJson;
    expect(offline.unknown).toEqual([portal.otherSn]);
    const server = offline.servers.find((entry) => entry.sn === portal.sns[0]);
    const row = (component: string) => server?.compliance.find((entry) => entry.component === component);
    expect(server?.state).toBe('outdated');
    expect(row('BMC')).toMatchObject({
      installed: firmwareOf(portal.catalogue, 'BMC').newest,
      state: 'current',
    });
    expect(row('PSU')).toMatchObject({
      installed: firmwareOf(portal.catalogue, 'PSU').installed,
      state: 'outdated',
      target: { version: firmwareOf(portal.catalogue, 'PSU').newest },
    });
    const written = JSON.parse(readFileSync(readings(), 'utf8')) as { servers: { sn: string }[] };
    // The other customer's server is not in my context: not judged, not written.
    expect(written.servers.map((entry) => entry.sn).sort()).toEqual([portal.sns[0], portal.sns[1]].sort());
  });

  it('uploads the readings later, and the portal then says what the offline audit said', async () => {
    const run = await runCli(['report', '--from', readings(), '--json'], env);
    expect(run.code).toBe(EXIT.ok);
    expect(JSON.parse(run.stdout)).toMatchObject({ accepted: 2, unknown: [] });
    for (const sn of [portal.sns[0] ?? '', portal.sns[1] ?? '']) {
      const online = await portal.t.app.services.compliance.server(portal.customer.id, sn, 'en-US');
      const judged = offline.servers.find((entry) => entry.sn === sn);
      expect(judged?.state).toBe(online.state);
      expect(
        judged?.compliance.map(({ component, installed, state }) => ({ component, installed, state })),
      ).toEqual(
        online.components.map(({ component, installed, state }) => ({ component, installed, state })),
      );
    }
  });

  it('updates a server from the mirror (multipart push), and writes what it runs after', async () => {
    const bmc = sim.bmcs[1]!;
    const hosts = writeAddressesFile(path.join(home, 'one-host.csv'), [bmc]);
    const after = path.join(home, 'after-update.json');
    const run = await runBundledCli(
      [
        'update',
        '--repo',
        repo(),
        '--bmc-file',
        hosts,
        '--password-stdin',
        '--user',
        'admin',
        '--timeout',
        '5',
        '--components',
        'PSU',
        '--yes',
        '--readings',
        after,
        '--json',
      ],
      env,
      `${PASSWORD}\n`,
    );
    expect(run.stderr).not.toContain('unexpected');
    expect(run.code).toBe(EXIT.ok);
    const [server] = (
      JSON.parse(run.stdout) as { servers: { steps: { component: string; status: string; via: string }[] }[] }
    ).servers;
    expect(server?.steps.map((step) => [step.component, step.status])).toEqual([['PSU', 'updated']]);
    expect(bmc.server.components.find((component) => component.kind === 'PSU')?.version).toBe(
      firmwareOf(portal.catalogue, 'PSU').newest,
    );
    const written = JSON.parse(readFileSync(after, 'utf8')) as {
      servers: { sn: string; components: { kind: string; version: string }[] }[];
    };
    expect(written.servers[0]?.components.find((component) => component.kind === 'PSU')?.version).toBe(
      firmwareOf(portal.catalogue, 'PSU').newest,
    );
  });

  it('refuses a context whose bytes changed after the portal signed it', async () => {
    const catalog = JSON.parse(readFileSync(path.join(repo(), 'mirror.json'), 'utf8')) as {
      snapshots: { name: string }[];
    };
    const file = path.join(
      repo(),
      'snapshots',
      catalog.snapshots.at(-1)?.name ?? '',
      'compliance-context.json',
    );
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(firmwareOf(portal.catalogue, 'PSU').newest, '0.0.1'));
    const run = await offlineAudit(['--readings', path.join(home, 'never.json')]);
    expect(run.code).toBe(EXIT.verification);
    expect(run.stderr).toContain('compliance-context.json');
    const verify = await runCli(['mirror', 'verify', repo()], env);
    expect(verify.code).toBe(EXIT.verification);
    expect(verify.stdout).toContain('compliance-context.json');
    writeFileSync(file, text);
  });

  it('refuses a mirror rolled back to an older snapshot unless told, and says which signed time it judged with', async () => {
    const day = 24 * 60 * 60 * 1000;
    portal.t.clock.advance(day);
    const later = await runCli(
      ['mirror', 'sync', '--out', repo(), '--kinds', 'BMC,PSU', '--snapshot', 'later', '--json'],
      env,
    );
    expect(later.code, later.stderr).toBe(EXIT.ok);
    const current = await offlineAudit(['--readings', path.join(home, 'later.json')]);
    expect(current.stderr).toContain(
      'judged with the compliance context of snapshot later, signed by the portal on',
    );
    // Whoever keeps the mirror drops the newer snapshot from mirror.json (which is not signed):
    // every file left is genuinely signed, only older.
    const catalogFile = path.join(repo(), 'mirror.json');
    const text = readFileSync(catalogFile, 'utf8');
    const catalog = JSON.parse(text) as { snapshots: { name: string }[] };
    writeFileSync(
      catalogFile,
      JSON.stringify({ ...catalog, snapshots: catalog.snapshots.filter((s) => s.name !== 'later') }),
    );
    try {
      const never = path.join(home, 'rolled-back.json');
      const refused = await offlineAudit(['--readings', never]);
      expect(refused.code, refused.stderr).toBe(EXIT.verification);
      expect(refused.stderr).toContain('the mirror may have been rolled back');
      expect(existsSync(never)).toBe(false);
      const allowed = await offlineAudit(['--allow-older', '--readings', never]);
      expect(allowed.code, allowed.stderr).toBe(current.code);
      expect(allowed.stderr).toContain('(--allow-older)');
    } finally {
      writeFileSync(catalogFile, text);
    }

    // An older context from the portal (an old answer replayed on its way) writes no snapshot.
    portal.t.clock.advance(-2 * day);
    try {
      const replayed = await runCli(
        ['mirror', 'sync', '--out', repo(), '--kinds', 'BMC,PSU', '--snapshot', 'replayed'],
        env,
      );
      expect(replayed.code).toBe(EXIT.verification);
      expect(replayed.stderr).toContain('an old answer replayed? No snapshot was written');
      expect(existsSync(path.join(repo(), 'snapshots', 'replayed'))).toBe(false);
    } finally {
      portal.t.clock.advance(2 * day);
    }
  });
});
