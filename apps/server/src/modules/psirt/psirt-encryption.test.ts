import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  PSIRT_KEY_PATH,
  type PsirtEncryptionKey,
  type VulnerabilityReportPlaintext,
  VULNERABILITY_REPORT_LIMITS,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import * as openpgp from 'openpgp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, psirtReports } from '../../db/schema';
import { personalAccessToken } from '../../test/api-tokens';
import { callAs } from '../../test/requests';
import { signedInUser } from '../../test/signed-in-user';
import { createTestApp, DRIVERS, type TestApp } from '../../test/test-app';
import { PsirtKeyring } from './psirt-keyring';

const REPORT = { name: 'Grace Finder', email: 'grace@example.com', product: 'M7-2U BMC', summary: 'RCE' };
const SECRET = 'The secret steps: send 70000 bytes to /redfish/v1/SessionService';

/** `gpg` in a GNUPGHOME of its own: what a reporter runs on their machine. */
function withGpg<T>(use: (gpg: (...args: string[]) => string, home: string) => T): T {
  const home = mkdtempSync(path.join(tmpdir(), 'gpg-psirt-'));
  try {
    return use(
      (...args) =>
        execFileSync('gpg', ['--homedir', home, '--batch', '--no-tty', ...args], {
          stdio: ['ignore', 'pipe', 'pipe'],
          encoding: 'utf8',
        }),
      home,
    );
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/**
 * The PSIRT's own OpenPGP key (issue 43 §4): published at one address that security.txt names,
 * apart from the CSAF signing key; a report encrypted to it with real `gpg` is read by the PSIRT
 * in the queue (decrypted on demand, audited), by nobody else; a rotation keeps older reports
 * readable.
 */
describe.each(DRIVERS)('the PSIRT encryption key on %s', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t?.close());

  const keyFile = () => path.join(t.dataDir, 'keys', 'psirt-openpgp.asc');
  const publishedKey = async () => {
    const text = (await t.app.inject({ url: '/.well-known/security.txt' })).body;
    const url = /^Encryption: (\S+)$/m.exec(text)?.[1] ?? '';
    expect(url).toBe(`http://localhost:8080${PSIRT_KEY_PATH}`);
    const served = await t.app.inject({ url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^application\/pgp-keys/);
    return served.body;
  };
  // A few reports an hour per client address: each report here comes from another one.
  let client = 0;
  const submit = async (body: string) => {
    client += 1;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/psirt/reports?locale=en-US',
      remoteAddress: `198.51.100.${client}`,
      payload: { ...REPORT, body, encrypted: true },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(psirtReports)
      .where(eq(psirtReports.reference, answer.json().data.reference));
    if (!row) throw new Error('report not stored');
    return row;
  };
  const gpgEncrypt = (armoredKey: string, text: string) =>
    withGpg((gpg, home) => {
      writeFileSync(path.join(home, 'psirt.asc'), armoredKey);
      gpg('--import', path.join(home, 'psirt.asc'));
      const fingerprint = /^fpr:+([0-9A-F]{40}):/m.exec(gpg('--with-colons', '--fingerprint'))?.[1] ?? '';
      writeFileSync(path.join(home, 'report.txt'), text);
      return {
        fingerprint,
        armored: gpg(
          '--trust-model',
          'always',
          '--encrypt',
          '--armor',
          '-r',
          fingerprint,
          '--output',
          '-',
          path.join(home, 'report.txt'),
        ),
      };
    });

  it('publishes its own key at the address security.txt names; gpg encrypts to it, the PSIRT reads it', async () => {
    const armoredKey = await publishedKey();
    expect(armoredKey).toContain('BEGIN PGP PUBLIC KEY BLOCK');
    expect(armoredKey).not.toContain('PRIVATE');
    const { fingerprint, armored } = gpgEncrypt(armoredKey, SECRET);
    // Not the CSAF signing key: one key signs advisories, another receives reports.
    expect(fingerprint).not.toBe((await t.app.services.advisorySigner()).fingerprint);
    const shown = (await t.app.inject({ url: '/api/psirt/encryption-key' })).json()
      .data as PsirtEncryptionKey;
    expect(shown).toMatchObject({ fingerprint, url: `http://localhost:8080${PSIRT_KEY_PATH}` });
    // Kept like the CSAF key: a file only the portal's user reads.
    expect(statSync(keyFile()).mode & 0o777).toBe(0o600);

    const row = await submit(armored);
    expect(row.body).toBe(armored);
    const psirt = await signedInUser(t, { roleCodes: ['psirt'] });
    const answer = await callAs<VulnerabilityReportPlaintext>(
      t.app,
      psirt.token,
      'POST',
      `/api/staff/psirt/reports/${row.id}/decrypt`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.text).toBe(SECRET);
    expect(answer.headers['cache-control']).toBe('no-store');
    const audits = await t.db
      .select({ actorId: auditLog.actorId, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'psirt.report.decrypt'), eq(auditLog.targetId, String(row.id))));
    expect(audits).toEqual([{ actorId: psirt.id, detail: { reference: row.reference } }]);
    // Decrypted on demand, never stored.
    const [after] = await t.db.select().from(psirtReports).where(eq(psirtReports.id, row.id));
    expect(after?.body).toBe(armored);
  });

  it('attack: nobody but the PSIRT gets the text or the private key, not even a PSIRT token', async () => {
    const { armored } = gpgEncrypt(await publishedKey(), SECRET);
    const row = await submit(armored);
    const url = `/api/staff/psirt/reports/${row.id}/decrypt`;
    const customer = (await signedInUser(t)).token;
    const staff = (await signedInUser(t, { roleCodes: ['staff'] })).token;
    const psirt = await signedInUser(t, { roleCodes: ['psirt'] });
    const token = await personalAccessToken(t, psirt.id);
    const anonymous = await t.app.inject({ method: 'POST', url });
    expect(anonymous.statusCode).toBe(401);
    const answers = [anonymous.body];
    for (const caller of [customer, staff, token]) {
      for (const method of ['POST', 'GET'] as const) {
        const answer = await callAs(t.app, caller, method, url);
        expect(answer.status, `${method} ${caller === token ? 'token' : caller}`).toBeGreaterThanOrEqual(400);
        answers.push(JSON.stringify(answer.body));
      }
      expect((await callAs(t.app, caller, 'POST', url)).status).toBe(403);
    }
    for (const where of [PSIRT_KEY_PATH, '/api/psirt/encryption-key', `${PSIRT_KEY_PATH}?private=1`])
      answers.push((await t.app.inject({ url: where })).body);
    for (const body of answers) {
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain('PRIVATE KEY');
    }
    expect(
      await t.db.select().from(auditLog).where(eq(auditLog.action, 'psirt.report.decrypt')),
    ).not.toContainEqual(expect.objectContaining({ targetId: String(row.id) }));
  });

  it('refuses what no PSIRT key opens with a 409 in the reader language, and a plain report', async () => {
    const psirt = (await signedInUser(t, { roleCodes: ['psirt'] })).token;
    const { privateKey } = await openpgp.generateKey({
      type: 'ecc',
      curve: 'ed25519Legacy',
      userIDs: [{ name: 'Someone else', email: 'else@example.com' }],
      format: 'object',
    });
    const elsewhere = await submit(
      await openpgp.encrypt({
        message: await openpgp.createMessage({ text: SECRET }),
        encryptionKeys: privateKey.toPublic(),
      }),
    );
    const withPassword = await submit(
      await openpgp.encrypt({ message: await openpgp.createMessage({ text: SECRET }), passwords: ['pw'] }),
    );
    for (const row of [elsewhere, withPassword]) {
      const answer = await callAs(
        t.app,
        psirt,
        'POST',
        `/api/staff/psirt/reports/${row.id}/decrypt`,
        undefined,
        'zh-CN',
      );
      expect([answer.status, answer.body.code]).toEqual([409, 1033007]);
      expect(answer.body.message).toContain('密钥');
    }
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/psirt/reports',
      remoteAddress: '203.0.113.9',
      payload: { ...REPORT, body: 'not encrypted' },
    });
    const id = (
      await t.db.select().from(psirtReports).where(eq(psirtReports.reference, plain.json().data.reference))
    )[0]?.id;
    expect((await callAs(t.app, psirt, 'POST', `/api/staff/psirt/reports/${id}/decrypt`)).status).toBe(409);
  });

  it('attack: a small report that inflates to megabytes when decompressed is refused, not decrypted', async () => {
    const key = await openpgp.readKey({ armoredKey: await publishedKey() });
    const bomb = await openpgp.encrypt({
      message: await openpgp.createMessage({ text: 'A'.repeat(20_000_000) }),
      encryptionKeys: key,
      config: { preferredCompressionAlgorithm: openpgp.enums.compression.zlib },
    });
    // It fits the form's limit...
    expect(bomb.length).toBeLessThan(VULNERABILITY_REPORT_LIMITS.body);
    const row = await submit(bomb);
    const psirt = (await signedInUser(t, { roleCodes: ['psirt'] })).token;
    const answer = await callAs(t.app, psirt, 'POST', `/api/staff/psirt/reports/${row.id}/decrypt`);
    // ...but the server does not inflate it past what a report may hold.
    expect([answer.status, answer.body.code]).toEqual([409, 1033007]);
  });

  it('rotates: the retired key moves aside, a new one is published at the same address, old reports stay readable', async () => {
    const before = await publishedKey();
    const old = await submit(gpgEncrypt(before, SECRET).armored);
    const oldFingerprint = (await openpgp.readKey({ armoredKey: before })).getFingerprint().toUpperCase();
    // What an operator does: move the file into the retired folder; no restart.
    const retired = path.join(path.dirname(keyFile()), 'psirt-openpgp-retired');
    mkdirSync(retired, { recursive: true, mode: 0o700 });
    renameSync(keyFile(), path.join(retired, `${oldFingerprint}.asc`));
    writeFileSync(path.join(retired, 'README.txt'), 'retired PSIRT keys, kept to read older reports');

    const after = await publishedKey();
    const { fingerprint } = (await t.app.inject({ url: '/api/psirt/encryption-key' })).json()
      .data as PsirtEncryptionKey;
    expect(fingerprint).not.toBe(oldFingerprint);
    expect(after).not.toBe(before);
    const fresh = await submit(gpgEncrypt(after, `${SECRET} (new key)`).armored);

    const psirt = (await signedInUser(t, { roleCodes: ['psirt'] })).token;
    const read = async (id: number) =>
      (
        await callAs<VulnerabilityReportPlaintext>(
          t.app,
          psirt,
          'POST',
          `/api/staff/psirt/reports/${id}/decrypt`,
        )
      ).body.data.text;
    expect(await read(old.id)).toBe(SECRET);
    expect(await read(fresh.id)).toBe(`${SECRET} (new key)`);
  });
});

describe('the PSIRT key file shared by processes', () => {
  it('two processes creating it at once agree on one key with an encryption subkey', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'psirt-key-'));
    try {
      const file = path.join(dir, 'keys', 'psirt-openpgp.asc');
      const userId = { name: 'PSIRT', email: 'psirt@example.com' };
      const keys = await Promise.all(
        Array.from({ length: 4 }, () => new PsirtKeyring(file, userId).publicKey()),
      );
      expect(new Set(keys.map((key) => key.fingerprint)).size).toBe(1);
      const key = await openpgp.readKey({ armoredKey: keys[0]?.armoredKey ?? '' });
      const subkey = await key.getEncryptionKey();
      expect(subkey.getFingerprint()).not.toBe(key.getFingerprint());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
