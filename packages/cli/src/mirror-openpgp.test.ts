import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affectedRow } from '../../../apps/server/src/test/advisory-input';
import { EXIT } from './exit-codes.ts';
import type { MirrorCatalog, MirrorFile, MirrorIndex } from './mirror/mirror-layout.ts';
import { type FleetPortal, loginWithToken, startFleetPortal } from './test/portal-fixture.ts';
import { publishedFlaw } from './test/published-advisory.ts';
import { cliEnv, newConfigHome, runCli } from './test/run-cli.ts';
import { startTamperProxy } from './test/tamper-proxy.ts';

/*
 * `fwportal mirror verify` proves each CSAF advisory by its OpenPGP signature (issue 44 §2), with
 * the portal's CSAF key, itself proven by the portal's Ed25519 signature with the pinned key. The
 * attacker can write the mirror folder, index.json included (it carries no signature): each
 * attack below rewrites the index so that every hash in it matches what they put there.
 */

let portal: FleetPortal;
let env: NodeJS.ProcessEnv;
let home: string;
let synced: string;
let gnupgHome: string;

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
const newestOf = (out: string) =>
  readJson<MirrorCatalog>(path.join(out, 'mirror.json')).snapshots.at(-1)?.name ?? '';
const indexFile = (out: string) => path.join(out, 'snapshots', newestOf(out), 'index.json');

/** A copy of the synced mirror for one attack. */
function copyOfMirror(): string {
  const out = mkdtempSync(path.join(home, 'attacked-'));
  cpSync(synced, out, { recursive: true });
  return out;
}

/** `bytes` stored where the pool keeps them, and the index entry an attacker would write for them. */
function planted(out: string, bytes: Buffer, fileName: string): MirrorFile {
  const sha256 = sha256Of(bytes);
  const dir = path.join(out, 'pool', sha256.slice(0, 2), sha256);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, fileName), bytes);
  return { path: `pool/${sha256.slice(0, 2)}/${sha256}/${fileName}`, size: bytes.length, sha256 };
}

function rewriteIndex(out: string, change: (index: MirrorIndex) => void) {
  const index = readJson<MirrorIndex>(indexFile(out));
  change(index);
  writeFileSync(indexFile(out), JSON.stringify(index));
}

const gpg = (...args: string[]) =>
  execFileSync('gpg', ['--batch', '--quiet', '--homedir', gnupgHome, ...args], { stdio: 'pipe' });

async function verifyIn(out: string, lang: 'en-US' | 'zh-CN') {
  return runCli(['mirror', 'verify', out, '--lang', lang], env);
}

beforeAll(async () => {
  portal = await startFleetPortal();
  home = newConfigHome();
  env = cliEnv(home);
  await publishedFlaw(portal, 'mirror-pgp', {
    title: ['镜像签名', 'Mirror signature'],
    cve: 'CVE-2026-44200',
    affected: [affectedRow({ modelId: portal.model.id, kind: 'BMC', fixedIn: '999.0' })],
  });
  expect((await loginWithToken(portal, env)).code).toBe(EXIT.ok);
  synced = path.join(home, 'mirror');
  const run = await runCli(['mirror', 'sync', '--out', synced, '--json'], env);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(EXIT.ok);
  // Another company's key, made by real GnuPG in a home of its own.
  gnupgHome = mkdtempSync(path.join(tmpdir(), 'gnupg-'));
  gpg('--passphrase', '', '--quick-gen-key', 'Mallory <mallory@example.com>', 'ed25519', 'sign', 'never');
}, 600_000);
afterAll(async () => portal?.close());

describe("fwportal mirror verify: the advisories' OpenPGP signatures", () => {
  it('keeps the CSAF key and the portal signature of it, and passes an untouched mirror', async () => {
    const index = readJson<MirrorIndex>(indexFile(synced));
    expect(index.advisories.length).toBeGreaterThan(0);
    expect(index.openPgpKey?.path).toMatch(/\/[0-9A-F]{40}\.asc$/);
    expect(index.openPgpKeySignature?.path).toMatch(/\/[0-9A-F]{40}\.asc\.sig$/);
    // The same key GnuPG reads (CSAF consumers check with gpg --verify).
    const key = readFileSync(path.join(synced, index.openPgpKey?.path ?? ''), 'utf8');
    expect(key).toContain('BEGIN PGP PUBLIC KEY BLOCK');
    const run = await verifyIn(synced, 'en-US');
    expect(run.stdout).toContain('all match the signed index');
    expect(run.code).toBe(EXIT.ok);
  }, 120_000);

  it('fails a document with a flipped byte, naming it in both languages, even with the index rewritten to match', async () => {
    const out = copyOfMirror();
    const { document } = readJson<MirrorIndex>(indexFile(out)).advisories[0] ?? {};
    const bytes = readFileSync(path.join(out, document?.path ?? ''));
    const at = bytes.indexOf('{') + 1;
    bytes[at] = (bytes[at] ?? 0) ^ 0x01;
    const name = document?.path.split('/').at(-1) ?? '';
    const forged = planted(out, bytes, name);
    rewriteIndex(out, (index) => {
      const advisory = index.advisories[0];
      if (advisory) advisory.document = forged;
    });
    const english = await verifyIn(out, 'en-US');
    expect(english.code).toBe(EXIT.verification);
    expect(english.stdout).toContain(
      `FAILED  ${forged.path}: the advisory's OpenPGP signature (${name}.asc) does not verify with the portal's CSAF key`,
    );
    expect(english.stdout.match(/FAILED/g)).toHaveLength(1);
    const chinese = await verifyIn(out, 'zh-CN');
    expect(chinese.code).toBe(EXIT.verification);
    expect(chinese.stdout).toContain(`${forged.path}`);
    expect(chinese.stdout).toContain(`安全公告的 OpenPGP 签名（${name}.asc）无法用门户的 CSAF 公钥验证`);
  }, 120_000);

  it('fails a document whose signature another key made with gpg, naming it in both languages', async () => {
    const out = copyOfMirror();
    const { document, signature } = readJson<MirrorIndex>(indexFile(out)).advisories[0] ?? {};
    const documentFile = path.join(out, document?.path ?? '');
    const forgedFile = path.join(home, `forged-${path.basename(out)}.asc`);
    gpg('--armor', '--detach-sign', '--output', forgedFile, documentFile);
    const forged = planted(out, readFileSync(forgedFile), signature?.path.split('/').at(-1) ?? '');
    rewriteIndex(out, (index) => {
      const advisory = index.advisories[0];
      if (advisory) advisory.signature = forged;
    });
    const english = await verifyIn(out, 'en-US');
    expect(english.code).toBe(EXIT.verification);
    expect(english.stdout).toContain(`FAILED  ${document?.path}: the advisory's OpenPGP signature`);
    expect(english.stdout.match(/FAILED/g)).toHaveLength(1);
    const chinese = await verifyIn(out, 'zh-CN');
    expect(chinese.code).toBe(EXIT.verification);
    expect(chinese.stdout).toContain(`${document?.path}`);
    expect(chinese.stdout).toContain('安全公告的 OpenPGP 签名');
  }, 120_000);

  it("refuses a key swapped for another company's, with the documents signed by it", async () => {
    const out = copyOfMirror();
    const index = readJson<MirrorIndex>(indexFile(out));
    const keyName = index.openPgpKey?.path.split('/').at(-1) ?? '';
    const theirKey = planted(out, gpg('--armor', '--export', 'mallory@example.com'), keyName);
    const signatures = index.advisories.map((advisory) => {
      const forgedFile = path.join(home, `swap-${path.basename(out)}-${advisory.document.sha256}.asc`);
      gpg('--armor', '--detach-sign', '--output', forgedFile, path.join(out, advisory.document.path));
      return planted(out, readFileSync(forgedFile), advisory.signature.path.split('/').at(-1) ?? '');
    });
    rewriteIndex(out, (changed) => {
      changed.openPgpKey = theirKey;
      changed.advisories.forEach(
        (advisory, at) => (advisory.signature = signatures[at] ?? advisory.signature),
      );
    });
    const run = await verifyIn(out, 'en-US');
    expect(run.code).toBe(EXIT.verification);
    expect(run.stdout).toContain(
      `FAILED  ${theirKey.path}: the portal's signature does not verify with the pinned key`,
    );
    for (const advisory of index.advisories)
      expect(run.stdout).toContain(`FAILED  ${advisory.document.path}: the advisory cannot be proven`);
  }, 120_000);
});

describe('fwportal mirror sync: each new advisory proven as it comes', () => {
  it('fails a sync whose advisory was changed on its way, naming it in both languages, and writes no snapshot', async () => {
    const proxy = await startTamperProxy(portal.url);
    try {
      const config = readJson<{ token: string; signingKey: string }>(
        path.join(home, 'fwportal', 'config.json'),
      );
      const key = path.join(home, 'pinned.pem');
      writeFileSync(key, config.signingKey);
      const proxied = { ...cliEnv(newConfigHome()), FWPORTAL_TOKEN: config.token };
      const out = mkdtempSync(path.join(home, 'proxied-'));
      const sync = (lang: string) =>
        runCli(['mirror', 'sync', '--out', out, '--url', proxy.url, '--key', key, '--lang', lang], proxied);
      proxy.mode.tamperAdvisories = true;
      const [english, chinese] = [await sync('en-US'), await sync('zh-CN')];
      expect(english.code).toBe(EXIT.verification);
      expect(english.stderr).toMatch(
        /advisory (white|green|amber)\/\d{4}\/[^ ]+\.json: its OpenPGP signature does not verify/,
      );
      expect(chinese.code).toBe(EXIT.verification);
      expect(chinese.stderr).toContain('其 OpenPGP 签名无法用门户的 CSAF 公钥验证');
      expect(existsSync(path.join(out, 'mirror.json'))).toBe(false);
      // The same portal, its answers untouched: the sync proves them and writes its snapshot.
      proxy.mode.tamperAdvisories = false;
      const clean = await sync('en-US');
      expect(clean.stderr).toBe('');
      expect(clean.code).toBe(EXIT.ok);
      expect(readJson<MirrorIndex>(indexFile(out)).advisories.length).toBeGreaterThan(0);
    } finally {
      await proxy.close();
    }
  }, 120_000);
});
