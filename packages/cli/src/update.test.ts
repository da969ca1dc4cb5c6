import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes.ts';
import { ImageServer } from './redfish/image-server.ts';
import type { ServerResult } from './redfish/server-update.ts';
import { planServer } from './redfish/update-plan.ts';
import { type Misbehaviour, type SimBmc, startBmcSim, writeHostsFile } from '../../../tools/bmc-sim/index.ts';
import { firmwareOf } from './test/fleet-catalogue.ts';
import { FLEET_MODEL } from './test/fleet-servers.ts';
import { type FleetPortal, loginWithToken, startFleetPortal } from './test/portal-fixture.ts';
import { cliEnv, newConfigHome, runCli } from './test/run-cli.ts';
import { startTamperProxy } from './test/tamper-proxy.ts';

let portal: FleetPortal;
let sim: Awaited<ReturnType<typeof startBmcSim>>;
let home: string;
let env: NodeJS.ProcessEnv;

/** The BMCs, by the part each test gives them (each runs one of the fleet customer's SNs). */
const ROLES = [
  'dryRun',
  'multipart',
  'simple',
  'tooLarge',
  'noTask',
  'reset',
  'stall',
  'tampered',
  'noServe',
  'locked',
] as const;
type Role = (typeof ROLES)[number];
const bmcOf = (role: Role) => sim.bmcs[ROLES.indexOf(role)] as SimBmc;

const MISBEHAVIOUR: Partial<Record<Role, Misbehaviour>> = {
  simple: { noMultipart: true },
  noServe: { noMultipart: true },
  tooLarge: { rejectImage: 413 },
  noTask: { noTask: true },
  reset: { resetDuringUpdate: true, resetMs: 1500 },
  stall: { stallTasks: true },
};

/** A hosts file (address,user,password; mode 0600) naming the BMCs of `roles`. */
function hostsFile(roles: Role[]): string {
  return writeHostsFile(path.join(home, `hosts-${roles.join('-')}.csv`), roles.map(bmcOf));
}

const versionOf = (bmc: SimBmc, kind: string) => bmc.server.components.find((c) => c.kind === kind)?.version;

async function complianceOf(sn: string, component: string) {
  const detail = await portal.t.app.services.compliance.server(portal.customer.id, sn, 'en-US');
  return detail.components.find((c) => c.component === component);
}

function resultsOf(stdout: string): ServerResult[] {
  return (JSON.parse(stdout) as { servers: ServerResult[] }).servers;
}

beforeAll(async () => {
  portal = await startFleetPortal();
  home = newConfigHome();
  env = cliEnv(home);
  await loginWithToken(portal, env, { scopes: ['catalog:read', 'download', 'inventory'] });
  const bmc = firmwareOf(portal.catalogue, 'BMC');
  const bios = firmwareOf(portal.catalogue, 'BIOS');
  sim = await startBmcSim({
    servers: ROLES.map((role, i) => ({
      sn: portal.sns[i] ?? '',
      model: FLEET_MODEL,
      components: [
        { id: 'BMC', kind: 'BMC', version: bmc.installed, updateable: role !== 'locked' },
        { id: 'BIOS', kind: 'BIOS', version: bios.installed },
      ],
    })),
    taskSeconds: 0.5,
  });
  for (const [role, misbehaviour] of Object.entries(MISBEHAVIOUR))
    bmcOf(role as Role).setMisbehaviour(misbehaviour);
});
afterAll(async () => {
  await sim?.close();
  await portal?.close();
});

describe('the image server of SimpleUpdate', () => {
  it('serves one file per random path, GET only, until revoked or expired; anything else is a 404', async () => {
    const file = path.join(newConfigHome(), 'fw.bin');
    writeFileSync(file, 'FWIMG BMC 9.9\n');
    const server = await ImageServer.start('127.0.0.1');
    try {
      const served = server.serve(file, 'fw.bin', 14);
      expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}\/fw\.bin$/);
      expect(await (await fetch(served.url)).text()).toBe('FWIMG BMC 9.9\n');
      expect(served.fetches()).toBe(1);
      expect((await fetch(served.url, { method: 'POST' })).status).toBe(405);
      const guessed = served.url.replace(/\/[0-9a-f]{32}\//, `/${'0'.repeat(32)}/`);
      expect((await fetch(guessed)).status).toBe(404);
      expect((await fetch(new URL('/', served.url))).status).toBe(404);
      served.revoke();
      expect((await fetch(served.url)).status).toBe(404);
      const expired = server.serve(file, 'fw.bin', 14, -1);
      expect((await fetch(expired.url)).status).toBe(404);
    } finally {
      await server.close();
    }
    await expect(ImageServer.start('not an address:99999')).rejects.toMatchObject({ exitCode: EXIT.usage });
  });
});

describe('the update plan', () => {
  it('follows the install order; a prerequisite met by an earlier step goes, one that is not is held', () => {
    const component = (
      kind: string,
      installed: string,
      version: string,
      installOrder: number,
      prerequisites: { component: string; minVersion: string }[] = [],
    ) => ({
      component: kind,
      kind,
      installed,
      state: 'outdated',
      advisories: [],
      target: {
        versionId: installOrder,
        version,
        fileName: `${kind}.bin`,
        fileSize: 1,
        sha256: 'x',
        installOrder,
        prerequisites,
      },
    });
    const detail = {
      components: [
        component('BIOS', '5.0', '6.0', 20, [{ component: 'BMC', minVersion: '4.0' }]),
        component('PSU', '1.0', '2.0', 70, [{ component: 'CPLD', minVersion: '9.0' }]),
        component('BMC', '3.0', '4.1', 10),
        component('NIC', '1.0', '1.0', 50),
      ],
    } as unknown as Parameters<typeof planServer>[0];
    const installed = new Map(
      ['BIOS:5.0', 'PSU:1.0', 'BMC:3.0', 'CPLD:8.0', 'NIC:1.0'].map((line) => {
        const [kind = '', version = ''] = line.split(':');
        return [kind, { version, odataIds: [`/fw/${kind}`], updateable: true }];
      }),
    );
    const plan = planServer(detail, installed, []);
    expect(plan.map((step) => [step.component, step.hold?.reason ?? 'due'])).toEqual([
      ['BMC', 'due'],
      ['BIOS', 'due'],
      ['PSU', 'prerequisite'],
    ]);
    // Without the BMC step in this run, the BIOS waits for it.
    expect(planServer(detail, installed, ['BIOS']).map((step) => step.hold?.reason)).toEqual([
      'prerequisite',
    ]);
  });
});

describe('fwportal update', () => {
  it('--dry-run prints the plan in install order and changes nothing, on the BMC or the portal', async () => {
    const bmc = bmcOf('dryRun');
    const run = await runCli(
      ['update', '--bmc-file', hostsFile(['dryRun', 'locked']), '--dry-run', '--lang', 'zh-CN'],
      env,
    );
    // A BMC that reports its own firmware as not updateable: held, never pushed.
    const locked = run.stdout.split('\n').find((line) => line.startsWith(bmcOf('locked').server.sn));
    expect(locked).toMatch(/BMC.*暂缓.*不可更新/);
    expect(run.stderr).not.toMatch(/unexpected|意外/);
    expect(run.code).toBe(EXIT.ok);
    const lines = run.stdout.split('\n');
    const bmcLine = lines.findIndex((line) => line.includes(firmwareOf(portal.catalogue, 'BMC').newest));
    const biosLine = lines.findIndex((line) => line.includes(firmwareOf(portal.catalogue, 'BIOS').newest));
    expect(bmcLine).toBeGreaterThan(0);
    expect(biosLine).toBeGreaterThan(bmcLine);
    expect(run.stdout).toContain('将更新');
    expect(run.stdout).toContain('演练模式');
    expect(bmc.received()).toEqual([]);
    expect(versionOf(bmc, 'BMC')).toBe(firmwareOf(portal.catalogue, 'BMC').installed);
    expect((await complianceOf(bmc.server.sn, 'BMC'))?.source).toBe('shipping');
  });

  it('pushes the BMC image by multipart: the BMC runs it, and the portal shows it current (audit) right after', async () => {
    const bmc = bmcOf('multipart');
    const target = firmwareOf(portal.catalogue, 'BMC');
    const run = await runCli(
      ['update', '--bmc-file', hostsFile(['multipart']), '--components', 'BMC', '--yes', '--json'],
      env,
    );
    expect(run.stderr).not.toContain('unexpected');
    expect(run.code).toBe(EXIT.ok);
    const [server] = resultsOf(run.stdout);
    expect(server?.steps.map((step) => [step.component, step.status, step.via])).toEqual([
      ['BMC', 'updated', 'multipart'],
    ]);
    expect(versionOf(bmc, 'BMC')).toBe(target.newest);
    expect(versionOf(bmc, 'BIOS')).toBe(firmwareOf(portal.catalogue, 'BIOS').installed);
    const [received] = bmc.received();
    expect(received?.via).toBe('multipart');
    expect(received?.targets).toEqual(['/redfish/v1/UpdateService/FirmwareInventory/BMC']);
    expect(received?.applyTime).toBe('Immediate');
    const compliance = await complianceOf(bmc.server.sn, 'BMC');
    expect(compliance).toMatchObject({ installed: target.newest, state: 'current', source: 'audit' });
    expect(bmc.sessions()).toBe(0);
  });

  it('OnReset: the task completed but the BMC runs the old BIOS until a reset: pending, not updated (exit 10)', async () => {
    const bmc = bmcOf('multipart');
    const bios = firmwareOf(portal.catalogue, 'BIOS');
    const run = await runCli(
      [
        'update',
        ...[
          '--bmc-file',
          hostsFile(['multipart']),
          '--components',
          'BIOS',
          '--apply-time',
          'OnReset',
          '--yes',
        ],
      ],
      env,
    );
    expect(run.code).toBe(EXIT.updatePending);
    expect(run.stdout).toMatch(/BIOS\s+\S+\s+\S+\s+pending reset/);
    expect(bmc.received().at(-1)?.applyTime).toBe('OnReset');
    expect(versionOf(bmc, 'BIOS')).toBe(bios.installed);
    expect(await complianceOf(bmc.server.sn, 'BIOS')).toMatchObject({
      installed: bios.installed,
      source: 'audit',
    });
  });

  it('reports each misbehaving BMC for what it is, and claims nothing the BMC did not confirm', async () => {
    const roles: Role[] = ['simple', 'tooLarge', 'noTask', 'reset', 'stall'];
    const run = await runCli(
      [
        'update',
        ...['--bmc-file', hostsFile(roles), '--components', 'BMC', '--yes', '--json'],
        ...['--serve-address', '127.0.0.1', '--task-timeout', '3', '--concurrency', '5'],
      ],
      env,
    );
    expect(run.stderr).not.toContain('unexpected');
    expect(run.code).toBe(EXIT.updateFailed);
    const results = resultsOf(run.stdout);
    const stepOf = (role: Role) =>
      results.find((result) => result.sn === bmcOf(role).server.sn)?.steps.find((s) => s.component === 'BMC');
    const { installed, newest } = firmwareOf(portal.catalogue, 'BMC');

    // SimpleUpdate: the BMC fetched the image from fwportal's own server.
    expect(stepOf('simple')).toMatchObject({ status: 'updated', via: 'simple' });
    expect(bmcOf('simple').received()[0]?.via).toBe('simple');
    expect(versionOf(bmcOf('simple'), 'BMC')).toBe(newest);

    // 413: refused, said so, nothing installed or reported as installed.
    expect(stepOf('tooLarge')).toMatchObject({ status: 'rejected', httpStatus: 413 });
    expect(versionOf(bmcOf('tooLarge'), 'BMC')).toBe(installed);
    expect(await complianceOf(bmcOf('tooLarge').server.sn, 'BMC')).toMatchObject({
      installed,
      state: 'outdated',
    });

    // 204 without a task: accepted, unconfirmed (the version did not change).
    expect(stepOf('noTask')).toMatchObject({ status: 'unconfirmed' });
    expect(versionOf(bmcOf('noTask'), 'BMC')).toBe(installed);

    // The BMC went away mid-task and came back: the run waited and reports the outcome.
    expect(stepOf('reset')).toMatchObject({ status: 'updated' });
    expect(stepOf('reset')?.resets).toBeGreaterThanOrEqual(1);
    expect(versionOf(bmcOf('reset'), 'BMC')).toBe(newest);

    // A task that never ends: waited for 3 s, reported as timed out.
    expect(stepOf('stall')).toMatchObject({ status: 'timedOut', taskState: 'Running' });
    expect(stepOf('stall')?.seconds).toBeLessThan(8);
    expect(versionOf(bmcOf('stall'), 'BMC')).toBe(installed);

    expect(await complianceOf(bmcOf('reset').server.sn, 'BMC')).toMatchObject({
      installed: newest,
      source: 'audit',
    });
  });

  it('a file that does not match its signed checksum never reaches the BMC (exit 4)', async () => {
    const config = JSON.parse(
      (await import('node:fs')).readFileSync(path.join(home, 'fwportal', 'config.json'), 'utf8'),
    ) as { token: string; signingKey: string };
    const key = path.join(home, 'portal-key.pem');
    writeFileSync(key, config.signingKey);
    const proxy = await startTamperProxy(portal.url);
    proxy.mode.tamper = true;
    try {
      const run = await runCli(
        [
          'update',
          ...['--bmc-file', hostsFile(['tampered']), '--components', 'BMC', '--yes'],
          ...['--url', proxy.url, '--key', key],
        ],
        { ...env, FWPORTAL_TOKEN: config.token },
      );
      expect(run.code).toBe(EXIT.verification);
      expect(run.stdout).toMatch(/not sent.*signed SHA-256/);
      expect(bmcOf('tampered').received()).toEqual([]);
      expect(versionOf(bmcOf('tampered'), 'BMC')).toBe(firmwareOf(portal.catalogue, 'BMC').installed);
    } finally {
      await proxy.close();
    }
  });

  it('a BMC that only takes SimpleUpdate, without --serve-address: not sent, said why (exit 9)', async () => {
    const run = await runCli(
      ['update', '--bmc-file', hostsFile(['noServe']), '--components', 'BMC', '--yes'],
      env,
    );
    expect(run.code).toBe(EXIT.updateFailed);
    expect(run.stdout).toMatch(/not sent.*--serve-address/);
    expect(bmcOf('noServe').received()).toEqual([]);
  });

  it('refuses to change anything without --yes', async () => {
    const run = await runCli(['update', '--bmc-file', hostsFile(['dryRun'])], env);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain('--dry-run');
  });
});
