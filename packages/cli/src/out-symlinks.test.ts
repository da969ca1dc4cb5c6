import { randomBytes } from 'node:crypto';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItem, createVersion } from '../../../apps/server/src/test/catalog-factories';
import { EXIT } from './exit-codes.ts';
import { type FleetPortal, loginWithToken, startFleetPortal } from './test/portal-fixture.ts';
import { cliEnv, newConfigHome, runCli } from './test/run-cli.ts';

let portal: FleetPortal;
let env: NodeJS.ProcessEnv;
let home: string;
let versionId: number;
let fileName: string;

beforeAll(async () => {
  portal = await startFleetPortal();
  home = newConfigHome();
  env = cliEnv(home);
  const login = await loginWithToken(portal, env);
  expect(login.code).toBe(EXIT.ok);
  const item = await createItem(portal.t.db, { kind: 'BMC' });
  const version = await createVersion(portal.t.db, portal.t.app.services.store, {
    itemId: item.id,
    version: '7.7.7',
    bytes: randomBytes(200_000),
  });
  versionId = version.id;
  fileName = version.fileName;
});
afterAll(async () => portal?.close());

const PRECIOUS = 'ssh-ed25519 AAAA... the owner of this file\n';

/** An out folder whose `<versionId>/<name>` is a symlink (planted by another local user) to a file outside. */
function plant(name: string) {
  const out = mkdtempSync(path.join(home, 'out-'));
  const outside = path.join(mkdtempSync(path.join(home, 'victim-')), 'authorized_keys');
  writeFileSync(outside, PRECIOUS);
  mkdirSync(path.join(out, String(versionId)));
  symlinkSync(outside, path.join(out, String(versionId), name));
  return { out, outside };
}

describe('symlinks planted in --out', () => {
  it('a .part symlink is refused (exit 1) and its target is not appended to', async () => {
    const { out, outside } = plant(`${fileName}.part`);
    const run = await runCli(['download', '--version-id', String(versionId), '--out', out], env);
    expect(run.code).toBe(EXIT.error);
    expect(run.stderr).toContain('symbolic link');
    expect(readFileSync(outside, 'utf8')).toBe(PRECIOUS);
  });

  it('a SHA256SUMS symlink is refused (exit 1) and its target is not overwritten', async () => {
    const { out, outside } = plant('SHA256SUMS');
    const run = await runCli(['download', '--version-id', String(versionId), '--out', out, '--json'], env);
    expect(run.code).toBe(EXIT.error);
    const report = JSON.parse(run.stdout) as { files: unknown[]; failed: { message: string }[] };
    expect(report.files).toEqual([]);
    expect(report.failed[0]?.message).toContain('symbolic link');
    expect(readFileSync(outside, 'utf8')).toBe(PRECIOUS);
  });

  it('a per-version folder that is a symlink is refused, nothing is written through it', async () => {
    const out = mkdtempSync(path.join(home, 'out-'));
    const outside = mkdtempSync(path.join(home, 'victim-'));
    symlinkSync(outside, path.join(out, String(versionId)));
    const run = await runCli(['download', '--version-id', String(versionId), '--out', out], env);
    expect(run.code).toBe(EXIT.error);
    expect(run.stderr).toContain('symbolic link');
    expect(readdirSync(outside)).toEqual([]);
  });

  it('the signed files are written whole, no temporary file left behind', async () => {
    const out = mkdtempSync(path.join(home, 'out-'));
    const run = await runCli(['download', '--version-id', String(versionId), '--out', out], env);
    expect(run.code).toBe(EXIT.ok);
    const dir = path.join(out, String(versionId));
    expect(readdirSync(dir).sort()).toEqual(
      [fileName, 'SHA256SUMS', 'SHA256SUMS.sig', 'manifest.json', 'manifest.json.sig'].sort(),
    );
    expect(lstatSync(path.join(dir, 'SHA256SUMS')).isFile()).toBe(true);
    expect((await runCli(['verify', out], env)).code).toBe(EXIT.ok);
  });
});
