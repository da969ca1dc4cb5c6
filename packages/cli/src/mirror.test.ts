import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersions } from '../../../apps/server/src/db/schema';
import { cycloneDx } from '../../../apps/server/src/modules/sbom/sbom-test-kit';
import { createItem, createVersion } from '../../../apps/server/src/test/catalog-factories';
import { EXIT } from './exit-codes.ts';
import { type MirrorCatalog, poolFilesOf } from './mirror/mirror-layout.ts';
import { firmwareOf } from './test/fleet-catalogue.ts';
import {
  indexOf,
  type MirrorFixture,
  readJson,
  sha256Of,
  startMirrorFixture,
  type SyncJson,
} from './test/mirror-fixture.ts';
import type { FleetPortal } from './test/portal-fixture.ts';
import { CLI_ENTRY, cliEnv, newConfigHome, runCli, spawnCli } from './test/run-cli.ts';
import { startTamperProxy } from './test/tamper-proxy.ts';

const BIG_FILE_BYTES = 24 * 1024 * 1024;

let mirror: MirrorFixture;
let portal: FleetPortal;
let proxy: Awaited<ReturnType<typeof startTamperProxy>>;
let home: string;
let env: NodeJS.ProcessEnv;
let hidden: { id: number; sha256: string };
let big: { id: number; sha256: string; fileName: string };
const work = () => mirror.work();
const sync = (...args: Parameters<MirrorFixture['sync']>) => mirror.sync(...args);

/** A published version of the fleet's BMC item (no model: the fleet's newest stay what they were). */
async function publish(bytes: Buffer, version: string) {
  const created = await createVersion(portal.t.db, portal.t.app.services.store, {
    itemId: firmwareOf(portal.catalogue, 'BMC').itemId,
    version,
    releaseDate: '2020-01-01',
    bytes,
  });
  return { id: created.id, sha256: sha256Of(bytes), fileName: created.fileName };
}

beforeAll(async () => {
  mirror = await startMirrorFixture();
  ({ portal, home, env } = mirror);
  proxy = await startTamperProxy(portal.url);
  // Restricted, and granted to nobody: the customer is not entitled to it.
  const secret = await createItem(portal.t.db, { kind: 'BMC', visibility: 'restricted' });
  const secretBytes = randomBytes(4096);
  const version = await createVersion(portal.t.db, portal.t.app.services.store, {
    itemId: secret.id,
    version: '1.0.0',
    bytes: secretBytes,
  });
  hidden = { id: version.id, sha256: sha256Of(secretBytes) };
  big = await publish(randomBytes(BIG_FILE_BYTES), '99.0.0');
  const bmc = firmwareOf(portal.catalogue, 'BMC').newestVersionId;
  await portal.t.app.services.sboms.attach(bmc, Buffer.from(JSON.stringify(cycloneDx())), portal.customer.id);
});
afterAll(async () => {
  await proxy?.close();
  await portal?.close();
});

describe('fwportal mirror sync', () => {
  const out = () => path.join(home, 'repo');
  let first: SyncJson;
  let added: { id: number; sha256: string };

  it('copies every file I am entitled to, by content, with the portal signed manifest beside the index', async () => {
    const run = await sync(out());
    expect(run.stderr).toBe('');
    expect(run.code).toBe(EXIT.ok);
    first = run.result as SyncJson;
    expect(first.created).toBe(true);
    const index = indexOf(out(), first.snapshot);
    const signed = readJson<{ entries: { versionId: number }[] }>(path.join(out(), index.manifest.path));
    // Everything the portal's signed manifest lists for me, nothing else.
    expect(index.firmware.map((file) => file.versionId).sort()).toEqual(
      signed.entries.map((entry) => entry.versionId).sort(),
    );
    for (const firmware of portal.catalogue)
      expect(index.firmware.some((file) => file.versionId === firmware.newestVersionId)).toBe(true);
    expect(first.fetched).toBe(index.firmware.length);
    for (const file of index.firmware) {
      expect(file.path).toBe(`pool/${file.sha256.slice(0, 2)}/${file.sha256}/${file.fileName}`);
      expect(sha256Of(readFileSync(path.join(out(), file.path)))).toBe(file.sha256);
    }
    expect(readJson<MirrorCatalog>(path.join(out(), 'mirror.json')).snapshots.map((s) => s.name)).toEqual([
      first.snapshot,
    ]);
  });

  it('keeps the SBOM a version has beside its file, as the signed manifest lists it', () => {
    const index = indexOf(out(), first.snapshot);
    const bmc = index.firmware.find(
      (file) => file.versionId === firmwareOf(portal.catalogue, 'BMC').newestVersionId,
    );
    const sbom = bmc?.sbom;
    expect(sbom?.path).toBe(`pool/${sbom?.sha256.slice(0, 2)}/${sbom?.sha256}/${sbom?.fileName}`);
    const bytes = readFileSync(path.join(out(), sbom?.path ?? ''));
    expect(sha256Of(bytes)).toBe(sbom?.sha256);
    expect(JSON.parse(bytes.toString('utf8'))).toMatchObject({ bomFormat: 'CycloneDX' });
    expect(index.firmware.filter((file) => file.sbom)).toHaveLength(1);
  });

  it('leaves out what I am not entitled to', () => {
    const index = indexOf(out(), first.snapshot);
    expect(index.firmware.some((file) => file.versionId === hidden.id)).toBe(false);
    expect(existsSync(path.join(out(), 'pool', hidden.sha256.slice(0, 2), hidden.sha256))).toBe(false);
    expect(readFileSync(path.join(out(), index.manifest.path), 'utf8')).not.toContain(hidden.sha256);
  });

  it('fetches 0 payload bytes and writes no snapshot when nothing is new', async () => {
    const run = await sync(out());
    expect(run.code).toBe(EXIT.ok);
    expect(run.result).toMatchObject({
      created: false,
      snapshot: first.snapshot,
      fetched: 0,
      fetchedBytes: 0,
    });
  });

  it('fetches exactly the one new firmware into a new snapshot', async () => {
    added = await publish(randomBytes(8192), '99.0.1');
    const run = await sync(out());
    expect(run.code).toBe(EXIT.ok);
    expect(run.result).toMatchObject({ created: true, fetched: 1, fetchedBytes: 8192 });
    const index = indexOf(out(), run.result?.snapshot ?? '');
    expect(index.firmware).toHaveLength(first.files + 1);
    expect(index.firmware.find((file) => file.versionId === added.id)?.sha256).toBe(added.sha256);
    expect(readJson<MirrorCatalog>(path.join(out(), 'mirror.json')).snapshots).toHaveLength(2);
  });

  it('verifies offline, and names the file whose byte was flipped', async () => {
    expect((await runCli(['mirror', 'verify', out()], env)).code).toBe(EXIT.ok);
    const index = indexOf(out(), first.snapshot);
    const victim = index.firmware.find((file) => file.size > 0 && file.versionId !== big.id);
    const file = path.join(out(), victim?.path ?? '');
    const bytes = readFileSync(file);
    bytes[10] = (bytes[10] ?? 0) ^ 0x01;
    writeFileSync(file, bytes);
    const run = await runCli(['mirror', 'verify', out()], env);
    expect(run.code).toBe(EXIT.verification);
    expect(run.stdout).toContain(`FAILED  ${victim?.path}: SHA-256 differs`);
    expect(run.stdout.match(/FAILED/g)).toHaveLength(1);
    // A sync brings the pool back only for what is missing; the damaged file is verify's to find.
    bytes[10] = (bytes[10] ?? 0) ^ 0x01;
    writeFileSync(file, bytes);
  });

  it('prunes old snapshots and the files only they named', async () => {
    // A recall takes the version out of the signed manifest: the next snapshot no longer holds it.
    await portal.t.db
      .update(catalogVersions)
      .set({ status: 'recalled' })
      .where(eq(catalogVersions.id, added.id));
    const recalled = await sync(out());
    expect(recalled.result).toMatchObject({ created: true, fetched: 0 });
    const run = await runCli(['mirror', 'prune', out(), '--keep', '1', '--json'], env);
    expect(run.code).toBe(EXIT.ok);
    const pruned = JSON.parse(run.stdout) as { removedSnapshots: string[]; removedFiles: number };
    expect(pruned.removedSnapshots).toHaveLength(2);
    expect(pruned.removedSnapshots).toContain(first.snapshot);
    expect(pruned.removedFiles).toBe(1);
    expect(existsSync(path.join(out(), 'snapshots', first.snapshot))).toBe(false);
    expect(existsSync(path.join(out(), 'pool', added.sha256.slice(0, 2), added.sha256))).toBe(false);
    expect((await runCli(['mirror', 'verify', out()], env)).code).toBe(EXIT.ok);
  });

  it('narrows to kinds and to the firmware of my servers', async () => {
    const snFile = path.join(home, 'sns.txt');
    writeFileSync(snFile, `${portal.sns[0]}\n`);
    const run = await sync(work(), ['--sn-file', snFile, '--kinds', 'BIOS']);
    expect(run.code).toBe(EXIT.ok);
    expect(run.result?.files).toBe(2);
    expect(run.result?.fetched).toBe(2);
  });
});

describe('a mirror after a power loss', () => {
  it('has every file its index names on the disk before the index (fsync, seen by strace)', async () => {
    const out = work();
    const log = path.join(home, `strace-${randomBytes(4).toString('hex')}.log`);
    const traced = ['fsync', 'fdatasync', 'rename', 'renameat', 'renameat2'];
    const sync = spawn(
      'strace',
      [
        '-f',
        '-y',
        '-qq',
        '-e',
        `trace=${traced.join(',')}`,
        '-o',
        log,
        process.execPath,
        CLI_ENTRY,
        'mirror',
        'sync',
        '--out',
        out,
        '--json',
      ],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    sync.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    expect(await new Promise<number | null>((resolve) => sync.on('close', resolve))).toBe(EXIT.ok);
    const { snapshot } = JSON.parse(stdout) as SyncJson;
    const calls = readFileSync(log, 'utf8').split('\n');
    // The rename that gives the index its name, and every fsync that came before it.
    const named = calls.findIndex((line) => /rename\w*\(.*"[^"]*\/index\.json"/.test(line));
    expect(named, calls.slice(-20).join('\n')).toBeGreaterThan(0);
    const synced = new Set(
      calls.slice(0, named).flatMap((line) => /fsync\(\d+<([^>]+)>/.exec(line)?.slice(1) ?? []),
    );
    const index = indexOf(out, snapshot);
    const files = poolFilesOf(index);
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      expect(synced, file.path).toContain(path.join(out, ...file.path.split('/')));
      // and the folders that lead to it, up to the mirror's own
      expect(synced, file.path).toContain(path.dirname(path.join(out, ...file.path.split('/'))));
    }
    expect(synced).toContain(path.join(out, 'pool'));
    // The index itself reached the disk before its name did.
    expect(
      calls.slice(0, named).some((line) => /fsync\(\d+<[^>]*\.index\.json\.[0-9a-f]+\.tmp>/.test(line)),
    ).toBe(true);
  });
});

describe('a mirror killed half way', () => {
  it('has no corrupt file and resumes where it stopped', async () => {
    const out = work();
    const config = readJson<{ token: string; signingKey: string }>(
      path.join(home, 'fwportal', 'config.json'),
    );
    const key = path.join(home, 'pinned.pem');
    writeFileSync(key, config.signingKey);
    const proxied = { ...cliEnv(newConfigHome()), FWPORTAL_TOKEN: config.token };
    const args = ['mirror', 'sync', '--out', out, '--url', proxy.url, '--key', key];
    proxy.mode.bytesPerSecond = 4 * 1024 * 1024;
    const child = spawnCli(args, proxied);
    child.stdin?.end();
    const part = path.join(out, 'pool', big.sha256.slice(0, 2), big.sha256, `${big.fileName}.part`);
    for (let i = 0; i < 300 && !(existsSync(part) && statSync(part).size > 1024 * 1024); i += 1)
      await sleep(50);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('close', resolve));
    proxy.mode.bytesPerSecond = 0;
    const kept = statSync(part).size;
    expect(kept).toBeLessThan(BIG_FILE_BYTES);
    // No snapshot yet, and every file that has its name is whole.
    expect(existsSync(path.join(out, 'mirror.json'))).toBe(false);
    for (const pair of readdirSync(path.join(out, 'pool')))
      for (const sha256 of readdirSync(path.join(out, 'pool', pair)))
        for (const name of readdirSync(path.join(out, 'pool', pair, sha256)).filter(
          (n) => !n.endsWith('.part'),
        ))
          expect(sha256Of(readFileSync(path.join(out, 'pool', pair, sha256, name)))).toBe(sha256);

    const run = await runCli([...args, '--json'], proxied);
    expect(run.code).toBe(EXIT.ok);
    const result = JSON.parse(run.stdout) as SyncJson;
    expect(result.created).toBe(true);
    expect(result.fetchedBytes).toBeLessThanOrEqual(BIG_FILE_BYTES - kept);
    expect(existsSync(part)).toBe(false);
    expect((await runCli(['mirror', 'verify', out, '--key', key], proxied)).code).toBe(EXIT.ok);
  });
});
