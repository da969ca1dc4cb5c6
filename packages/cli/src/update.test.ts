import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes.ts';
import { firmwareOf } from './test/fleet-catalogue.ts';
import { runCli } from './test/run-cli.ts';
import { resultsOf, startUpdateFleet, type UpdateFleet } from './test/update-fixture.ts';

/**
 * `fwportal update` against BMCs that do what they are asked: the plan, a multipart push the
 * portal then shows current, an update that waits for a reset, and no change without --yes.
 * BMCs that misbehave: update-misbehaving-bmcs.test.ts.
 */
const PARTS = { dryRun: {}, multipart: {}, locked: { bmcUpdateable: false } };
let fleet: UpdateFleet<keyof typeof PARTS>;

beforeAll(async () => {
  fleet = await startUpdateFleet(PARTS);
});
afterAll(async () => {
  await fleet?.close();
});

describe('fwportal update', () => {
  it('--dry-run prints the plan in install order and changes nothing, on the BMC or the portal', async () => {
    const bmc = fleet.bmcOf('dryRun');
    const run = await runCli(
      ['update', '--bmc-file', fleet.hostsFile(['dryRun', 'locked']), '--dry-run', '--lang', 'zh-CN'],
      fleet.env,
    );
    // A BMC that reports its own firmware as not updateable: held, never pushed.
    const locked = run.stdout.split('\n').find((line) => line.startsWith(fleet.bmcOf('locked').server.sn));
    expect(locked).toMatch(/BMC.*暂缓.*不可更新/);
    expect(run.stderr).not.toMatch(/unexpected|意外/);
    expect(run.code).toBe(EXIT.ok);
    const lines = run.stdout.split('\n');
    const bmcLine = lines.findIndex((line) =>
      line.includes(firmwareOf(fleet.portal.catalogue, 'BMC').newest),
    );
    const biosLine = lines.findIndex((line) =>
      line.includes(firmwareOf(fleet.portal.catalogue, 'BIOS').newest),
    );
    expect(bmcLine).toBeGreaterThan(0);
    expect(biosLine).toBeGreaterThan(bmcLine);
    expect(run.stdout).toContain('将更新');
    expect(run.stdout).toContain('演练模式');
    expect(bmc.received()).toEqual([]);
    expect(fleet.versionOf(bmc, 'BMC')).toBe(firmwareOf(fleet.portal.catalogue, 'BMC').installed);
    expect((await fleet.complianceOf(bmc.server.sn, 'BMC'))?.source).toBe('shipping');
  });

  it('pushes the BMC image by multipart: the BMC runs it, and the portal shows it current (audit) right after', async () => {
    const bmc = fleet.bmcOf('multipart');
    const target = firmwareOf(fleet.portal.catalogue, 'BMC');
    const run = await runCli(
      ['update', '--bmc-file', fleet.hostsFile(['multipart']), '--components', 'BMC', '--yes', '--json'],
      fleet.env,
    );
    expect(run.stderr).not.toContain('unexpected');
    expect(run.code).toBe(EXIT.ok);
    const [server] = resultsOf(run.stdout);
    expect(server?.steps.map((step) => [step.component, step.status, step.via])).toEqual([
      ['BMC', 'updated', 'multipart'],
    ]);
    expect(fleet.versionOf(bmc, 'BMC')).toBe(target.newest);
    expect(fleet.versionOf(bmc, 'BIOS')).toBe(firmwareOf(fleet.portal.catalogue, 'BIOS').installed);
    const [received] = bmc.received();
    expect(received?.via).toBe('multipart');
    expect(received?.targets).toEqual(['/redfish/v1/UpdateService/FirmwareInventory/BMC']);
    expect(received?.applyTime).toBe('Immediate');
    const compliance = await fleet.complianceOf(bmc.server.sn, 'BMC');
    expect(compliance).toMatchObject({ installed: target.newest, state: 'current', source: 'audit' });
    expect(bmc.sessions()).toBe(0);
  });

  it('OnReset: the task completed but the BMC runs the old BIOS until a reset: pending, not updated (exit 10)', async () => {
    const bmc = fleet.bmcOf('multipart');
    const bios = firmwareOf(fleet.portal.catalogue, 'BIOS');
    const run = await runCli(
      [
        'update',
        ...[
          '--bmc-file',
          fleet.hostsFile(['multipart']),
          '--components',
          'BIOS',
          '--apply-time',
          'OnReset',
          '--yes',
        ],
      ],
      fleet.env,
    );
    expect(run.code).toBe(EXIT.updatePending);
    expect(run.stdout).toMatch(/BIOS\s+\S+\s+\S+\s+pending reset/);
    expect(bmc.received().at(-1)?.applyTime).toBe('OnReset');
    expect(fleet.versionOf(bmc, 'BIOS')).toBe(bios.installed);
    expect(await fleet.complianceOf(bmc.server.sn, 'BIOS')).toMatchObject({
      installed: bios.installed,
      source: 'audit',
    });
  });

  it('refuses to change anything without --yes', async () => {
    const run = await runCli(['update', '--bmc-file', fleet.hostsFile(['dryRun'])], fleet.env);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain('--dry-run');
  });
});
