import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { LICENCE_FORMAT, type LicencePayload } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSigner } from '../signing/ed25519-signer';
import { signLicence, verifyLicence } from './licence';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
/**
 * The command `npm run verify-licence` runs (tsx on the script), as one Node process: `npx tsx`
 * started three (npm, tsx's CLI, then Node with its loader), about 1 s of CPU per run.
 */
const runVerifyLicence = (args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/verify-licence.ts', ...args], {
    cwd: repoRoot,
  });

const payload = (overrides: Partial<LicencePayload> = {}): LicencePayload => ({
  format: LICENCE_FORMAT,
  id: '0b9d7c7e-8d57-4f0c-9e51-2f1f4a0d1c11',
  product: 'ims-platform',
  version: '6.1.0',
  machineCode: 'ABC123XYZ',
  nodes: 5,
  sn: 'M7S2U24000101',
  customer: 'Demo Cloud Co., Ltd.',
  trial: false,
  issuedAt: '2026-11-22T00:00:00.000Z',
  expiresAt: '2027-03-18T00:00:00.000Z',
  ...overrides,
});
const NOW = new Date('2026-11-22T12:00:00Z');

describe('activation licences', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'licence-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the key once with mode 0600 and loads the same key afterwards', async () => {
    const file = path.join(dir, 'keys', 'licence.pem');
    const [first, second] = await Promise.all([loadOrCreateSigner(file), loadOrCreateSigner(file)]);
    expect(second.keyId).toBe(first.keyId);
    expect((await loadOrCreateSigner(file)).publicKeyPem).toBe(first.publicKeyPem);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    expect(readFileSync(file, 'utf8')).toContain('BEGIN PRIVATE KEY');
  });

  it('verifies a signed licence and refuses a changed byte, another key, expiry and garbage', async () => {
    const key = await loadOrCreateSigner(path.join(dir, 'k.pem'));
    const code = signLicence(payload(), key);
    expect(code).toMatch(/^PL1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyLicence(code, key.publicKeyPem, NOW)).toEqual({ valid: true, payload: payload() });
    expect(verifyLicence(`  ${code}\n`, key.publicKeyPem, NOW).valid).toBe(true);

    // One more node, re-encoded under the old signature.
    const [prefix, , signature] = code.split('.');
    const forged = Buffer.from(JSON.stringify(payload({ nodes: 500 }))).toString('base64url');
    expect(verifyLicence(`${prefix}.${forged}.${signature}`, key.publicKeyPem, NOW)).toEqual({
      valid: false,
      reason: 'bad-signature',
    });
    // Every single changed character of the payload part is caught.
    const payloadStart = code.indexOf('.') + 1;
    for (const offset of [0, 7, 40]) {
      const at = payloadStart + offset;
      const changed = `${code.slice(0, at)}${code[at] === 'A' ? 'B' : 'A'}${code.slice(at + 1)}`;
      expect(verifyLicence(changed, key.publicKeyPem, NOW).valid).toBe(false);
    }

    const other = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(verifyLicence(code, other, NOW)).toEqual({ valid: false, reason: 'bad-signature' });

    const expired = verifyLicence(code, key.publicKeyPem, new Date('2027-03-18T00:00:00Z'));
    expect(expired).toEqual({ valid: false, reason: 'expired', payload: payload() });

    for (const garbage of ['', 'PL1', 'PL2.abc.def', `${code}.extra`, 'PL1.!!!.???'])
      expect(verifyLicence(garbage, key.publicKeyPem, NOW)).toEqual({ valid: false, reason: 'malformed' });
  });

  it('ships a CLI that exits 0 for a valid code and 1 for a forged one or another machine', async () => {
    const key = await loadOrCreateSigner(path.join(dir, 'k.pem'));
    const keyFile = path.join(dir, 'public.pem');
    writeFileSync(keyFile, key.publicKeyPem);
    const codeFile = path.join(dir, 'code.lic');
    const code = signLicence(payload({ expiresAt: '2999-01-01T00:00:00.000Z' }), key);
    writeFileSync(codeFile, `${code}\n`);
    const cli = (...args: string[]) =>
      runVerifyLicence(['--key', keyFile, ...args]).then(
        ({ stdout }) => ({ exit: 0, out: JSON.parse(stdout) as { valid: boolean; reason?: string } }),
        (error: { code: number; stdout: string }) => ({ exit: error.code, out: JSON.parse(error.stdout) }),
      );

    expect(await cli('--file', codeFile, '--machine-code', 'ABC123XYZ')).toMatchObject({
      exit: 0,
      out: { valid: true, payload: { machineCode: 'ABC123XYZ', nodes: 5 } },
    });
    expect(await cli('--file', codeFile, '--machine-code', 'OTHER1')).toMatchObject({
      exit: 1,
      out: { valid: false, reason: 'other-machine' },
    });
    const forged = code.replace(/\.([A-Za-z0-9_-])/, (_, c: string) => `.${c === 'e' ? 'f' : 'e'}`);
    expect(await cli('--code', forged)).toMatchObject({ exit: 1, out: { valid: false } });
  }, 60_000);

  it('prints its usage for --help and a one-line reason (exit 2) for bad input', async () => {
    const keyFile = path.join(dir, 'public.pem');
    writeFileSync(keyFile, (await loadOrCreateSigner(path.join(dir, 'k.pem'))).publicKeyPem);
    const cli = (...args: string[]) =>
      runVerifyLicence(args).then(
        ({ stdout, stderr }) => ({ exit: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => ({
          exit: error.code,
          stdout: error.stdout,
          stderr: error.stderr,
        }),
      );

    const help = await cli('--help');
    expect(help.exit).toBe(0);
    expect(help.stdout).toContain('usage: npm run verify-licence -- --key');
    expect(help.stdout).toContain('Exit codes: 0 valid, 1 invalid');

    const cases: [string[], string][] = [
      [['--bogus'], "verify-licence: Unknown option '--bogus'"],
      [['--code', 'PL1.a.b'], 'verify-licence: --key is required'],
      [['--key', keyFile], 'verify-licence: give the code with --file or --code'],
      [['--key', path.join(dir, 'missing.pem'), '--code', 'x'], 'cannot read the public key'],
      [['--key', path.join(dir, 'k.pem'), '--code', 'x'], 'is not a PEM public key'],
      [['--key', keyFile, '--file', path.join(dir, 'none.lic')], 'cannot read the code file'],
    ];
    for (const [args, message] of cases) {
      const result = await cli(...args);
      expect(result.exit, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    }
  }, 90_000);
});
