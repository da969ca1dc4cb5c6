import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes.ts';
import { firmwareOf } from './test/fleet-catalogue.ts';
import { runCli } from './test/run-cli.ts';
import { startTamperProxy } from './test/tamper-proxy.ts';
import { type BmcPart, resultsOf, startUpdateFleet, type UpdateFleet } from './test/update-fixture.ts';

/**
 * `fwportal update` against BMCs that misbehave (SimpleUpdate only, 413, no task, a reset
 * mid-task, a task that never ends) and a portal answer tampered with on the way: each reported
 * for what it is, nothing claimed that the BMC did not confirm.
 */
const PARTS = {
  simple: { misbehaviour: { noMultipart: true } },
  noServe: { misbehaviour: { noMultipart: true } },
  tooLarge: { misbehaviour: { rejectImage: 413 } },
  noTask: { misbehaviour: { noTask: true } },
  reset: { misbehaviour: { resetDuringUpdate: true, resetMs: 1500 } },
  stall: { misbehaviour: { stallTasks: true } },
  tampered: {},
} satisfies Record<string, BmcPart>;
type Part = keyof typeof PARTS;
let fleet: UpdateFleet<Part>;

beforeAll(async () => {
  fleet = await startUpdateFleet(PARTS);
});
afterAll(async () => {
  await fleet?.close();
});

describe('fwportal update, when a BMC or the way to it misbehaves', () => {
  it('reports each misbehaving BMC for what it is, and claims nothing the BMC did not confirm', async () => {
    const roles: Part[] = ['simple', 'tooLarge', 'noTask', 'reset', 'stall'];
    const run = await runCli(
      [
        'update',
        ...['--bmc-file', fleet.hostsFile(roles), '--components', 'BMC', '--yes', '--json'],
        ...['--serve-address', '127.0.0.1', '--task-timeout', '3', '--concurrency', '5'],
      ],
      fleet.env,
    );
    expect(run.stderr).not.toContain('unexpected');
    expect(run.code).toBe(EXIT.updateFailed);
    const results = resultsOf(run.stdout);
    const stepOf = (role: Part) =>
      results
        .find((result) => result.sn === fleet.bmcOf(role).server.sn)
        ?.steps.find((s) => s.component === 'BMC');
    const { installed, newest } = firmwareOf(fleet.portal.catalogue, 'BMC');

    // SimpleUpdate: the BMC fetched the image from fwportal's own server.
    expect(stepOf('simple')).toMatchObject({ status: 'updated', via: 'simple' });
    expect(fleet.bmcOf('simple').received()[0]?.via).toBe('simple');
    expect(fleet.versionOf(fleet.bmcOf('simple'), 'BMC')).toBe(newest);

    // 413: refused, said so, nothing installed or reported as installed.
    expect(stepOf('tooLarge')).toMatchObject({ status: 'rejected', httpStatus: 413 });
    expect(fleet.versionOf(fleet.bmcOf('tooLarge'), 'BMC')).toBe(installed);
    expect(await fleet.complianceOf(fleet.bmcOf('tooLarge').server.sn, 'BMC')).toMatchObject({
      installed,
      state: 'outdated',
    });

    // 204 without a task: accepted, unconfirmed (the version did not change).
    expect(stepOf('noTask')).toMatchObject({ status: 'unconfirmed' });
    expect(fleet.versionOf(fleet.bmcOf('noTask'), 'BMC')).toBe(installed);

    // The BMC went away mid-task and came back: the run waited and reports the outcome.
    expect(stepOf('reset')).toMatchObject({ status: 'updated' });
    expect(stepOf('reset')?.resets).toBeGreaterThanOrEqual(1);
    expect(fleet.versionOf(fleet.bmcOf('reset'), 'BMC')).toBe(newest);

    // A task that never ends: waited for 3 s, reported as timed out.
    expect(stepOf('stall')).toMatchObject({ status: 'timedOut', taskState: 'Running' });
    expect(stepOf('stall')?.seconds).toBeLessThan(8);
    expect(fleet.versionOf(fleet.bmcOf('stall'), 'BMC')).toBe(installed);

    expect(await fleet.complianceOf(fleet.bmcOf('reset').server.sn, 'BMC')).toMatchObject({
      installed: newest,
      source: 'audit',
    });
  });

  it('a file that does not match its signed checksum never reaches the BMC (exit 4)', async () => {
    const config = JSON.parse(readFileSync(path.join(fleet.home, 'fwportal', 'config.json'), 'utf8')) as {
      token: string;
      signingKey: string;
    };
    const key = path.join(fleet.home, 'portal-key.pem');
    writeFileSync(key, config.signingKey);
    const proxy = await startTamperProxy(fleet.portal.url);
    proxy.mode.tamper = true;
    try {
      const run = await runCli(
        [
          'update',
          ...['--bmc-file', fleet.hostsFile(['tampered']), '--components', 'BMC', '--yes'],
          ...['--url', proxy.url, '--key', key],
        ],
        { ...fleet.env, FWPORTAL_TOKEN: config.token },
      );
      expect(run.code).toBe(EXIT.verification);
      expect(run.stdout).toMatch(/not sent.*signed SHA-256/);
      expect(fleet.bmcOf('tampered').received()).toEqual([]);
      expect(fleet.versionOf(fleet.bmcOf('tampered'), 'BMC')).toBe(
        firmwareOf(fleet.portal.catalogue, 'BMC').installed,
      );
    } finally {
      await proxy.close();
    }
  });

  it('a BMC that only takes SimpleUpdate, without --serve-address: not sent, said why (exit 9)', async () => {
    const run = await runCli(
      ['update', '--bmc-file', fleet.hostsFile(['noServe']), '--components', 'BMC', '--yes'],
      fleet.env,
    );
    expect(run.code).toBe(EXIT.updateFailed);
    expect(run.stdout).toMatch(/not sent.*--serve-address/);
    expect(fleet.bmcOf('noServe').received()).toEqual([]);
  });
});
