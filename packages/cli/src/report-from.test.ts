import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, startBmcSim, writeAddressesFile } from '../../../tools/bmc-sim/index.ts';
import { EXIT } from './exit-codes.ts';
import { firmwareOf } from './test/fleet-catalogue.ts';
import { type MirrorFixture, readJson, startMirrorFixture } from './test/mirror-fixture.ts';
import { loginWithToken, startFleetPortal } from './test/portal-fixture.ts';
import { cliEnv, newConfigHome, runCli } from './test/run-cli.ts';

/**
 * `fwportal report --from` (issue 44 §2): readings an offline audit wrote are uploaded to the
 * portal whose signed context judged them, known by the key fingerprint they carry or, in an older
 * file, by the origin that context signs; readings of another portal are refused and nothing is
 * sent. Its readings come from an offline audit of a mirror folder; those of a mirror on a web
 * server are uploaded in mirror-url.test.ts.
 */
let fixture: MirrorFixture;
let sim: Awaited<ReturnType<typeof startBmcSim>>;
const readings = () => path.join(fixture.home, 'readings.json');

beforeAll(async () => {
  fixture = await startMirrorFixture({ scopes: ['catalog:read', 'download', 'inventory'] });
  const v = (kind: string, which: 'installed' | 'newest') =>
    firmwareOf(fixture.portal.catalogue, kind)[which];
  sim = await startBmcSim({
    servers: [
      {
        sn: fixture.portal.sns[0] ?? '',
        model: fixture.portal.model.code,
        components: [
          { id: 'BMC', kind: 'BMC', version: v('BMC', 'newest') },
          { id: 'PSU1', kind: 'PSU', version: v('PSU', 'installed') },
        ],
      },
    ],
  });
  const repo = path.join(fixture.home, 'repo');
  expect((await fixture.sync(repo, ['--kinds', 'BMC,PSU'])).code).toBe(EXIT.ok);
  const hosts = writeAddressesFile(path.join(fixture.home, 'hosts.csv'), sim.bmcs);
  const audit = await runCli(
    [
      'audit',
      '--repo',
      repo,
      '--bmc-file',
      hosts,
      '--password-stdin',
      '--user',
      'admin',
      '--readings',
      readings(),
    ],
    fixture.env,
    `${DEFAULT_PASSWORD}\n`,
  );
  expect(audit.code, audit.stderr + audit.stdout).toBe(EXIT.outdated);
  const written = readJson<{ origin: string; keyId: string }>(readings());
  expect(written.origin).toMatch(/^https?:\/\//);
  expect(written.keyId).toMatch(/^[0-9a-f]{16}$/);
  // A portal, a BMC, a sync and an audit: minutes on a loaded machine shared by many.
}, 600_000);
afterAll(async () => {
  await sim?.close();
  await fixture?.portal.close();
});

describe('fwportal report --from, and where the readings came from', () => {
  function variant(change: (file: Record<string, unknown>) => void): string {
    const file = readJson<Record<string, unknown>>(readings());
    change(file);
    const out = path.join(fixture.home, `readings-${randomBytes(3).toString('hex')}.json`);
    writeFileSync(out, JSON.stringify(file));
    return out;
  }

  it('refuses readings judged with another portal context (another key), and sends nothing', async () => {
    const other = await startFleetPortal();
    try {
      const otherHome = newConfigHome();
      const otherEnv = cliEnv(otherHome);
      // Another installation: only the signed context the readings were judged with says whose they are.
      const login = await loginWithToken(other, otherEnv, { scopes: ['inventory'] });
      expect(login.code).toBe(EXIT.ok);
      const run = await runCli(['report', '--from', readings()], otherEnv);
      expect(run.code, run.stderr + run.stdout).toBe(EXIT.verification);
      expect(run.stderr).toContain('not by this portal');
      const zh = await runCli(['report', '--from', readings(), '--lang', 'zh-CN'], otherEnv);
      expect(zh.stderr).toContain('已拒绝');
      const fleet = await other.t.app.services.compliance.server(
        other.customer.id,
        other.sns[0] ?? '',
        'en-US',
      );
      expect(fleet.components.every((component) => component.source !== 'audit')).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('refuses a file without a key fingerprint whose origin is another portal', async () => {
    const file = variant((readingsFile) => {
      delete readingsFile.keyId;
      readingsFile.origin = 'https://portal.elsewhere.example';
    });
    const run = await runCli(['report', '--from', file], fixture.env);
    expect(run.code, run.stderr + run.stdout).toBe(EXIT.verification);
    expect(run.stderr).toContain('https://portal.elsewhere.example, not of this portal');
  });

  it('refuses a file that names no origin', async () => {
    const file = variant((readingsFile) => {
      delete readingsFile.origin;
    });
    const run = await runCli(['report', '--from', file], fixture.env);
    expect(run.code, run.stderr + run.stdout).toBe(EXIT.verification);
    expect(run.stderr).toContain('does not say which portal');
  });

  it('uploads to the portal they came from (by key and by the origin it signs), an older file without the key too', async () => {
    const run = await runCli(['report', '--from', readings(), '--json'], fixture.env);
    expect(run.code, run.stderr + run.stdout).toBe(EXIT.ok);
    expect(JSON.parse(run.stdout)).toMatchObject({ accepted: 1, unknown: [] });
    const older = variant((readingsFile) => delete readingsFile.keyId);
    expect((await runCli(['report', '--from', older], fixture.env)).code).toBe(EXIT.ok);
  });
});
