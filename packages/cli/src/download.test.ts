import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadRecords } from '../../../apps/server/src/db/schema';
import { createVersion } from '../../../apps/server/src/test/catalog-factories';
import { EXIT } from './exit-codes.ts';
import { firmwareOf } from './test/fleet-catalogue.ts';
import { type FleetPortal, loginWithToken, startFleetPortal } from './test/portal-fixture.ts';
import { cycloneDx, goodComponent } from '../../../apps/server/src/modules/sbom/sbom-test-kit';
import { cliEnv, newConfigHome, runCli, spawnCli } from './test/run-cli.ts';
import { startTamperProxy } from './test/tamper-proxy.ts';

const BIG_FILE_BYTES = 24 * 1024 * 1024;

let portal: FleetPortal;
let proxy: Awaited<ReturnType<typeof startTamperProxy>>;
let home: string;
let env: NodeJS.ProcessEnv;
let big: { id: number; fileName: string };
const work = () => path.join(home, `out-${randomBytes(4).toString('hex')}`);

/**
 * A published version of the fleet's BMC item whose file is `bytes` (like an upload). It supports
 * no model, so what the fleet resolves to stays the catalogue's newest releases.
 */
function publishVersion(bytes: Buffer) {
  const { t, catalogue } = portal;
  return createVersion(t.db, t.app.services.store, {
    itemId: firmwareOf(catalogue, 'BMC').itemId,
    version: `99.0.${bytes.length}`,
    releaseDate: '2020-01-01',
    bytes,
  });
}

beforeAll(async () => {
  portal = await startFleetPortal();
  proxy = await startTamperProxy(portal.url);
  home = newConfigHome();
  env = cliEnv(home);
  const login = await loginWithToken(portal, env);
  expect(login.code).toBe(EXIT.ok);
  big = await publishVersion(randomBytes(BIG_FILE_BYTES));
});
afterAll(async () => {
  await proxy?.close();
  await portal?.close();
});

type Downloaded = { versionId: number; path: string; status: string; sha256: string };

describe('fwportal download + verify', () => {
  let out: string;

  it('downloads the newest firmware of ten servers once per file, each verified', async () => {
    out = work();
    const run = await runCli(['download', '--sn', portal.sns.join(','), '--out', out, '--json'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(EXIT.ok);
    const { files, failed } = JSON.parse(run.stdout) as { files: Downloaded[]; failed: unknown[] };
    expect(failed).toEqual([]);
    // One file per component of the fleet's model, the same for all ten servers.
    const components = portal.catalogue.length;
    expect(files).toHaveLength(components);
    expect(files.map((file) => file.versionId).sort()).toEqual(
      portal.catalogue.map((firmware) => firmware.newestVersionId).sort(),
    );
    for (const file of files) {
      expect(file.status).toBe('downloaded');
      expect(createHash('sha256').update(readFileSync(file.path)).digest('hex')).toBe(file.sha256);
      const dir = path.dirname(file.path);
      expect(readdirSync(dir).sort()).toEqual(
        [
          path.basename(file.path),
          'SHA256SUMS',
          'SHA256SUMS.sig',
          'manifest.json',
          'manifest.json.sig',
        ].sort(),
      );
    }
    const again = await runCli(['download', '--sn', portal.sns.join(','), '--out', out, '--json'], env);
    expect(JSON.parse(again.stdout).files.map((f: Downloaded) => f.status)).toEqual(
      Array(components).fill('present'),
    );
  });

  it('verify checks the folder offline; a flipped byte exits 4', async () => {
    const ok = await runCli(['verify', out], env);
    expect(ok.code).toBe(EXIT.ok);
    expect(ok.stdout.trim().split('\n')).toHaveLength(portal.catalogue.length);
    const dir = path.join(out, readdirSync(out)[0] ?? '');
    const victim = readdirSync(dir).find((name) => !/^(SHA256SUMS|manifest\.json)/.test(name));
    const file = path.join(dir, victim ?? '');
    const bytes = readFileSync(file);
    bytes[10] = (bytes[10] ?? 0) ^ 1;
    writeFileSync(file, bytes);
    const bad = await runCli(['verify', out, '--lang', 'zh-CN'], env);
    expect(bad.code).toBe(EXIT.verification);
    expect(bad.stdout).toContain(`失败    ${file}`);
    expect(bad.stdout.match(/通过/g)).toHaveLength(portal.catalogue.length - 1);
  });

  it('verify with another key (--key) fails on the signatures', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const other = path.join(home, 'other.pem');
    writeFileSync(other, generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }));
    const run = await runCli(['verify', out, '--key', other, '--json'], env);
    expect(run.code).toBe(EXIT.verification);
    const report = JSON.parse(run.stdout) as { verified: unknown[]; failed: { reason: string }[] };
    expect(report.verified).toEqual([]);
    expect(report.failed[0]?.reason).toContain('SHA256SUMS signature');
  });
});

describe('a download killed half way', () => {
  it('resumes from the .part with Range + If-Range and verifies', async () => {
    const out = work();
    // Through the slow proxy, with the token in the environment and the pinned key as a file.
    const config = JSON.parse(readFileSync(path.join(home, 'fwportal', 'config.json'), 'utf8'));
    const key = path.join(home, 'pinned.pem');
    writeFileSync(key, config.signingKey);
    const proxied = { ...cliEnv(newConfigHome()), FWPORTAL_TOKEN: config.token };
    const args = ['download', '--version-id', String(big.id), '--out', out, '--url', proxy.url, '--key', key];
    proxy.mode.bytesPerSecond = 4 * 1024 * 1024;
    const child = spawnCli(args, proxied);
    child.stdin?.end();
    const part = path.join(out, String(big.id), `${big.fileName}.part`);
    for (let i = 0; i < 200 && !(existsSync(part) && statSync(part).size > 1024 * 1024); i += 1)
      await sleep(50);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('close', resolve));
    const kept = statSync(part).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(BIG_FILE_BYTES);

    proxy.mode.bytesPerSecond = 0;
    const run = await runCli([...args, '--json'], proxied);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(EXIT.ok);
    const [file] = JSON.parse(run.stdout).files as (Downloaded & { resumedFrom: number })[];
    expect(file?.status).toBe('resumed');
    expect(file?.resumedFrom).toBeGreaterThanOrEqual(kept);
    expect(existsSync(part)).toBe(false);
    expect((await runCli(['verify', out, '--key', key], proxied)).code).toBe(EXIT.ok);

    await portal.t.app.services.downloads.drain();
    const records = await portal.t.db
      .select({ range: downloadRecords.range, bytes: downloadRecords.bytes })
      .from(downloadRecords)
      .where(eq(downloadRecords.versionId, big.id));
    // The portal records the range it answered: from where the part ended to the file's end.
    const resumed = records.find(
      (record) => record.range === `bytes=${file?.resumedFrom}-${BIG_FILE_BYTES - 1}`,
    );
    expect(resumed?.bytes).toBe(BIG_FILE_BYTES - (file?.resumedFrom ?? 0));
  });
});

describe('a download the portal stops sending', () => {
  it('is aborted after --portal-timeout of silence and resumed from the .part', async () => {
    const out = work();
    const config = JSON.parse(readFileSync(path.join(home, 'fwportal', 'config.json'), 'utf8'));
    const key = path.join(home, 'pinned.pem');
    writeFileSync(key, config.signingKey);
    // 3 s, not less: every request goes through the proxy under this limit, and on a loaded CI
    // machine the portal's own answers (the signed manifest) took over 0.5 s, failing the run
    // before the stall it is about.
    const proxied = { ...cliEnv(newConfigHome()), FWPORTAL_TOKEN: config.token, FWPORTAL_TIMEOUT: '3' };
    proxy.mode.stallOnceAfterBytes = 2 * 1024 * 1024;
    const started = Date.now();
    const run = await runCli(
      ['download', '--version-id', String(big.id), '--out', out, '--url', proxy.url, '--key', key, '--json'],
      proxied,
    );
    expect(proxy.mode.stallOnceAfterBytes).toBe(0);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(run.stderr).toContain(`${big.fileName}: connection lost, resuming (attempt 1)`);
    const [file] = JSON.parse(run.stdout).files as (Downloaded & { resumedFrom: number })[];
    expect(file?.status).toBe('resumed');
    expect(file?.resumedFrom).toBeGreaterThanOrEqual(2 * 1024 * 1024);
    expect((await runCli(['verify', out, '--key', key], proxied)).code).toBe(EXIT.ok);
  });
});

describe('a tampered download', () => {
  it('is deleted and fails with exit 4', async () => {
    const out = work();
    const config = JSON.parse(readFileSync(path.join(home, 'fwportal', 'config.json'), 'utf8'));
    const key = path.join(home, 'pinned.pem');
    writeFileSync(key, config.signingKey);
    proxy.mode.tamper = true;
    try {
      const run = await runCli(
        ['download', '--sn', portal.sns[0] ?? '', '--out', out, '--url', proxy.url, '--key', key, '--json'],
        { ...cliEnv(newConfigHome()), FWPORTAL_TOKEN: config.token },
      );
      expect(run.code).toBe(EXIT.verification);
      const report = JSON.parse(run.stdout) as { files: unknown[]; failed: { message: string }[] };
      expect(report.files).toEqual([]);
      expect(report.failed).toHaveLength(portal.catalogue.length);
      expect(report.failed[0]?.message).toContain('does not match its signed SHA-256');
      for (const dir of readdirSync(out)) expect(readdirSync(path.join(out, dir))).toEqual([]);
    } finally {
      proxy.mode.tamper = false;
    }
  });

  it('a file changed in the portal store after publishing is caught too', async () => {
    const bytes = randomBytes(300_000);
    const { id, fileName, storageKey } = await publishVersion(bytes);
    bytes[1000] = (bytes[1000] ?? 0) ^ 1;
    await portal.t.app.services.store.put(storageKey, Readable.from([bytes]));
    const out = work();
    const run = await runCli(['download', '--version-id', String(id), '--out', out], env);
    expect(run.code).toBe(EXIT.verification);
    expect(run.stderr).toContain(`${fileName} does not match its signed SHA-256`);
    expect(readdirSync(path.join(out, String(id)))).toEqual([]);
  });
});

describe("a version's SBOM (issue 43)", () => {
  it('is fetched beside the file, checked against the signed manifest, and verified offline', async () => {
    const version = await publishVersion(randomBytes(200_000));
    const attached = await portal.t.app.services.sboms.attach(
      version.id,
      Buffer.from(JSON.stringify(cycloneDx({ components: [goodComponent('openssl', '3.0.7')] }))),
      1,
    );
    const out = work();
    const run = await runCli(['download', '--version-id', String(version.id), '--out', out, '--json'], env);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    const [file] = (JSON.parse(run.stdout) as { files: (Downloaded & { sbomPath: string })[] }).files;
    const dir = path.join(out, String(version.id));
    expect(file?.sbomPath).toBe(path.join(dir, attached.fileName));
    expect(
      createHash('sha256')
        .update(readFileSync(file?.sbomPath ?? ''))
        .digest('hex'),
    ).toBe(attached.sha256);
    expect((await runCli(['verify', dir], env)).code).toBe(EXIT.ok);

    // A changed SBOM on disk fails verify; one changed in the portal store fails the download.
    writeFileSync(file?.sbomPath ?? '', '{}');
    const bad = await runCli(['verify', dir, '--json'], env);
    expect(bad.code).toBe(EXIT.verification);
    expect(JSON.parse(bad.stdout).failed[0].file).toBe(file?.sbomPath);
    const stored = (await portal.t.app.services.sboms.entries([version.id])).get(version.id);
    await portal.t.app.services.store.put(
      stored?.storageKey ?? '',
      Readable.from([Buffer.from('{"tampered":true}')]),
    );
    const again = await runCli(['download', '--version-id', String(version.id), '--out', work()], env);
    expect(again.code).toBe(EXIT.verification);
    expect(again.stderr).toContain(
      `${attached.fileName} (the version's SBOM) does not match its signed SHA-256`,
    );
  });
});
