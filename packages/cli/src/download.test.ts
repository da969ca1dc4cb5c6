import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes.ts';
import { cycloneDx, goodComponent } from '../../../apps/server/src/modules/sbom/sbom-test-kit';
import { type DownloadFixture, type Downloaded, startDownloadFixture } from './test/download-fixture.ts';
import type { FleetPortal } from './test/portal-fixture.ts';
import { runCli } from './test/run-cli.ts';

// Resumed downloads (killed, stalled) are in download-resume.test.ts, on a portal of its own.
let f: DownloadFixture;
let portal: FleetPortal;
let proxy: DownloadFixture['proxy'];
let home: string;
let env: NodeJS.ProcessEnv;
const work = () => f.work();
const publishVersion = (bytes: Buffer) => f.publishVersion(bytes);
const throughProxy = () => f.throughProxy();

beforeAll(async () => {
  f = await startDownloadFixture();
  ({ portal, proxy, home, env } = f);
});
afterAll(() => f?.close());

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

describe('a tampered download', () => {
  it('is deleted and fails with exit 4', async () => {
    const out = work();
    const { key, env: proxied } = throughProxy();
    proxy.mode.tamper = true;
    try {
      const run = await runCli(
        ['download', '--sn', portal.sns[0] ?? '', '--out', out, '--url', proxy.url, '--key', key, '--json'],
        proxied,
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
