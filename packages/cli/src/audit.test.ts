import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogItems,
  installedComponentReports,
  installedComponents,
} from '../../../apps/server/src/db/schema';
import { EXIT } from './exit-codes.ts';
import { KNOWN_HOSTS_FILE_NAME } from './redfish/known-hosts.ts';
import {
  type SimBmc,
  type SimComponent,
  startBmcSim,
  writeAddressesFile,
} from '../../../tools/bmc-sim/index.ts';
import { firmwareOf } from './test/fleet-catalogue.ts';
import { type FleetPortal, loginWithToken, startFleetPortal } from './test/portal-fixture.ts';
import { cliEnv, newConfigHome, runCli, spawnCli } from './test/run-cli.ts';

/**
 * `fwportal audit` end to end: simulated BMCs (bmc-sim) and a real portal. Five BMCs: a plain
 * one, one with Basic auth only, one with its SN on the Chassis and a wrong Members@odata.count,
 * one with the optional fields missing, and one reporting another customer's SN.
 */
let portal: FleetPortal;
let sim: Awaited<ReturnType<typeof startBmcSim>>;
let home: string;
let env: NodeJS.ProcessEnv;
let hostsFile: string;
const PASSWORD = 'bmc-sim-password';

type AuditJson = {
  servers: {
    address: string;
    sn: string;
    reported: boolean;
    state: string | null;
    compliance: { component: string; installed: string | null; source: string | null; state: string }[];
    inventory: { name: string; kind: string | null; unmapped: string | null; mappedBy: string | null }[];
  }[];
  unreachable: { address: string; failure: string; message: string }[];
  unknown: string[];
};

/** What each simulated server runs: BMC and BIOS current, PSU outdated (the two PSUs differ), the rest as shipped. */
function componentsOf(): SimComponent[] {
  const v = (kind: string, which: 'installed' | 'newest') => firmwareOf(portal.catalogue, kind)[which];
  return [
    { id: 'BMC', kind: 'BMC', version: v('BMC', 'newest') },
    { id: 'BIOS', kind: 'BIOS', version: v('BIOS', 'newest') },
    { id: 'PSU1', kind: 'PSU', version: v('PSU', 'newest') },
    { id: 'PSU2', kind: 'PSU', version: v('PSU', 'installed') },
    { id: 'Disk.Bay.0', kind: 'DISK', version: v('DISK', 'newest') },
    { id: 'NIC.Slot.1', kind: 'NIC', version: v('NIC', 'newest') },
    { id: 'RAID.Slot.2', kind: 'RAID', version: v('RAID', 'newest') },
    // Its RelatedItem is the Chassis: mapped only by the SoftwareId staff recorded.
    { id: 'CPLD', kind: 'CPLD', version: v('CPLD', 'newest'), softwareId: 'FLEET-CPLD-FW' },
    { id: 'Backplane', kind: 'OTHER', version: '1.02', updateable: false },
  ];
}

const audit = (args: string[], input = `${PASSWORD}\n`) =>
  runCli(['audit', '--password-stdin', '--user', 'admin', '--timeout', '5', ...args], env, input);

beforeAll(async () => {
  portal = await startFleetPortal();
  await portal.t.db
    .update(catalogItems)
    .set({ softwareIds: ['FLEET-CPLD-FW'] })
    .where(eq(catalogItems.id, firmwareOf(portal.catalogue, 'CPLD').itemId));
  const sns = [...portal.sns.slice(0, 4), portal.otherSn];
  sim = await startBmcSim({
    servers: sns.map((sn) => ({ sn, model: portal.model.code, components: componentsOf() })),
  });
  sim.bmcs[1]!.setMisbehaviour({ basicOnly: true });
  sim.bmcs[2]!.setMisbehaviour({ serialLocation: 'Chassis', wrongMemberCount: true });
  sim.bmcs[3]!.setMisbehaviour({ missingFields: true });
  home = newConfigHome();
  env = cliEnv(home);
  const login = await loginWithToken(portal, env, { scopes: ['inventory'] });
  expect(login.code).toBe(EXIT.ok);
  hostsFile = writeAddressesFile(path.join(home, 'hosts.csv'), sim.bmcs);
});
afterAll(async () => {
  await sim?.close();
  await portal?.close();
});

const bmc = (index: number): SimBmc => sim.bmcs[index]!;

describe('fwportal audit', () => {
  it('reads five BMCs, reports them with source audit, prints compliance and logs every session out', async () => {
    const run = await audit(['--bmc-file', hostsFile, '--json', '--concurrency', '3']);
    expect(run.stderr).not.toContain('unexpected');
    const result = JSON.parse(run.stdout) as AuditJson;
    expect(result.unreachable).toEqual([]);
    // PSU2 runs the older release: outdated, nothing vulnerable; the foreign SN changed nothing.
    expect(run.code).toBe(EXIT.outdated);
    expect(result.unknown).toEqual([portal.otherSn]);
    for (const index of [0, 1, 2]) {
      const server = result.servers.find((entry) => entry.sn === bmc(index).server.sn)!;
      expect(server.reported, `bmc ${index}`).toBe(true);
      expect(server.state).toBe('outdated');
      const row = (component: string) => server.compliance.find((entry) => entry.component === component)!;
      expect(row('BMC')).toMatchObject({
        installed: firmwareOf(portal.catalogue, 'BMC').newest,
        source: 'audit',
      });
      expect(row('BMC').state).toBe('current');
      expect(row('PSU')).toMatchObject({
        installed: firmwareOf(portal.catalogue, 'PSU').installed,
        state: 'outdated',
      });
      expect(row('CPLD')).toMatchObject({
        installed: firmwareOf(portal.catalogue, 'CPLD').newest,
        source: 'audit',
      });
      const inventory = (name: string) => server.inventory.find((entry) => entry.name === name)!;
      expect(inventory('CPLD').mappedBy).toBe('softwareId');
      expect(inventory('Backplane')).toMatchObject({ kind: null, unmapped: 'noMapping' });
    }
    // Missing RelatedItem/SoftwareId: every entry unmapped, nothing reported, no crash.
    const bare = result.servers.find((entry) => entry.sn === bmc(3).server.sn)!;
    expect(bare.reported).toBe(false);
    expect(bare.inventory.every((entry) => entry.unmapped === 'noMapping')).toBe(true);
    // The other customer's server still shows what it shipped with.
    const foreign = await portal.t.db
      .select()
      .from(installedComponentReports)
      .where(eq(installedComponentReports.sn, portal.otherSn));
    expect(foreign).toEqual([]);
    expect(sim.bmcs.map((entry) => entry.sessions())).toEqual([0, 0, 0, 0, 0]);
    // Every certificate was pinned at first contact.
    const pins = readFileSync(path.join(home, 'fwportal', KNOWN_HOSTS_FILE_NAME), 'utf8');
    for (const entry of sim.bmcs) expect(pins).toContain(`${entry.host} ${entry.fingerprint256}`);
    expect(run.stdout + run.stderr).not.toContain(PASSWORD);
  });

  it('prints the compliance table in Chinese', async () => {
    const run = await audit(['--bmc', bmc(0).url, '--lang', 'zh-CN']);
    expect(run.code).toBe(EXIT.outdated);
    expect(run.stdout).toMatch(/部件\s+已安装\s+目标版本\s+状态\s+CVE/);
    expect(run.stdout).toMatch(
      new RegExp(
        `PSU\\s+${firmwareOf(portal.catalogue, 'PSU').installed}\\s+${firmwareOf(portal.catalogue, 'PSU').newest}\\s+版本落后`,
      ),
    );
    expect(run.stdout).toContain('未对应：Backplane');
    expect(run.stdout + run.stderr).not.toContain(PASSWORD);
  });

  it('a slow BMC times out without holding up the others (exit unreachable); a changed certificate is refused', async () => {
    bmc(1).setMisbehaviour({ basicOnly: true, delayMs: 4000 });
    const pins = path.join(home, 'fwportal', KNOWN_HOSTS_FILE_NAME);
    const before = readFileSync(pins, 'utf8');
    // bmc 2 now shows another certificate than the one pinned for it.
    writeFileSync(pins, before.replace(bmc(2).fingerprint256!, bmc(0).fingerprint256!));
    try {
      const started = Date.now();
      const run = await audit([
        '--bmc',
        [0, 1, 2].map((index) => bmc(index).url).join(','),
        '--timeout',
        '1',
        '--json',
      ]);
      expect(Date.now() - started).toBeLessThan(8000);
      expect(run.code).toBe(EXIT.unreachable);
      const result = JSON.parse(run.stdout) as AuditJson;
      expect(result.servers.map((server) => server.sn)).toEqual([bmc(0).server.sn]);
      expect(result.unreachable.map((entry) => [entry.address, entry.failure])).toEqual([
        [bmc(1).url, 'timeout'],
        [bmc(2).url, 'pin'],
      ]);
      expect(run.stderr).toContain('certificate changed');
      expect(bmc(2).sessions()).toBe(0);
    } finally {
      writeFileSync(pins, before);
      bmc(1).setMisbehaviour({ basicOnly: true });
    }
  });

  it('keeps its readings when the portal restarts mid-run: the report goes through once it is back', async () => {
    const server = portal.t.app.server;
    const { port } = server.address() as AddressInfo;
    const sn = bmc(0).server.sn;
    // Slow enough a BMC that the portal is surely down before the report is sent.
    bmc(0).setMisbehaviour({ delayMs: 100 });
    // What earlier runs stored goes: only this run's report can put it back.
    await portal.t.db.delete(installedComponents).where(eq(installedComponents.sn, sn));
    const child = spawnCli(
      ['audit', '--bmc', bmc(0).url, '--password-stdin', '--user', 'admin', '--timeout', '5', '--json'],
      env,
    );
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.stdin?.end(`${PASSWORD}\n`);
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 600 && !done(); i += 1) await sleep(20);
      expect(done()).toBe(true);
    };
    try {
      // The CLI has read the SoftwareIds from the portal and now talks to the BMC: the portal goes away.
      await until(() => bmc(0).sessions() > 0);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await until(() => stderr.includes('the portal did not take the report (ECONNREFUSED)'));
      await sleep(500);
    } finally {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
      bmc(0).setMisbehaviour({});
    }
    expect(await exited, stderr).toBe(EXIT.outdated);
    const result = JSON.parse(stdout) as AuditJson;
    expect(result.servers.map((entry) => [entry.sn, entry.reported])).toEqual([[sn, true]]);
    const [stored] = await portal.t.db
      .select({ version: installedComponents.version, source: installedComponents.source })
      .from(installedComponents)
      .where(and(eq(installedComponents.sn, sn), eq(installedComponents.component, 'BMC')));
    expect(stored).toEqual({ version: firmwareOf(portal.catalogue, 'BMC').newest, source: 'audit' });
  });

  it('never takes a password on the command line', async () => {
    const inArgv = await runCli(
      ['audit', '--bmc', bmc(0).url, '--user', 'admin', '--password', PASSWORD],
      env,
    );
    expect(inArgv.code).toBe(EXIT.usage);
    const inUrl = await runCli(
      ['audit', '--bmc', bmc(0).url.replace('https://', `https://admin:${PASSWORD}@`), '--password-stdin'],
      env,
      `${PASSWORD}\n`,
    );
    expect(inUrl.code).toBe(EXIT.usage);
    expect(inUrl.stderr).toContain('must not hold a user name or password');
    expect(inUrl.stdout + inUrl.stderr).not.toContain(PASSWORD);
  });
});
