import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { releaseSignedLine } from '@portal/contract/cli-builds';
import { EXIT } from './exit-codes.ts';
import { newer, sha256, useSingleExecutable } from './test/sea-harness.ts';
import { expectUntouched } from './test/self-update-checks.ts';

/**
 * `fwportal self-update --from FILE`, the way of isolated machines: a build carried in, unsigned,
 * tampered, or signed by a key other than the release key built into the executable (the portal's
 * own among them: a portal signs whatever its staff publish), is refused without touching the
 * program. From the portal: self-update.test.ts and self-update-install.test.ts.
 */
describe('fwportal self-update of a carried build', () => {
  const sea = useSingleExecutable({ portal: true });
  let original: string;
  beforeAll(() => {
    original = sha256(sea.program);
  });

  it('refuses an unsigned build (no SHA256SUMS.sig beside it)', async () => {
    const file = sea.carried(newer, (dir) => {
      copyFileSync(path.join(path.dirname(sea.built(newer)), 'SHA256SUMS'), path.join(dir, 'SHA256SUMS'));
    });
    const run = await sea.fwportal(['self-update', '--from', file]);
    expect(run.stderr).toContain('is not signed');
    expect(run.code, run.stderr).toBe(EXIT.verification);
    await expectUntouched(sea, original);
  });

  it('refuses a tampered build (one byte changed after signing)', async () => {
    const file = sea.carried(newer, (dir, copy) => {
      sea.withSignedSums(newer)(dir);
      const bytes = readFileSync(copy);
      const last = bytes.length - 1;
      bytes.writeUInt8(bytes.readUInt8(last) ^ 0xff, last);
      writeFileSync(copy, bytes);
    });
    const run = await sea.fwportal(['self-update', '--from', file]);
    expect(run.stderr).toContain('differs from the signed one');
    expect(run.code, run.stderr).toBe(EXIT.verification);
    await expectUntouched(sea, original);
  });

  it("refuses a carried build whose SHA256SUMS only the portal's key signed", async () => {
    // The portal makes its key when it first signs something.
    await sea.portal.t.app.services.manifests.publicKeyPem();
    const portalKey = createPrivateKey(
      readFileSync(path.join(sea.portal.t.dataDir, 'keys', 'release-ed25519.pem')),
    );
    const file = sea.carried(newer, (dir) => {
      sea.withSignedSums(newer)(dir);
      const sums = readFileSync(path.join(dir, 'SHA256SUMS'));
      writeFileSync(path.join(dir, 'SHA256SUMS.sig'), sign(null, sums, portalKey));
    });
    const run = await sea.fwportal(['self-update', '--from', file]);
    expect(run.stderr).toContain('is not signed by the release key built into this fwportal');
    expect(run.code, run.stderr).toBe(EXIT.verification);
    await expectUntouched(sea, original);
  });

  it('refuses a carried build whose own .sig another key made', async () => {
    const file = sea.carried(newer, (_dir, copy) => {
      const { privateKey } = generateKeyPairSync('ed25519');
      const line = releaseSignedLine(sha256(copy), path.basename(copy));
      writeFileSync(`${copy}.sig`, sign(null, Buffer.from(line), privateKey));
    });
    const run = await sea.fwportal(['self-update', '--from', file]);
    expect(run.stderr).toContain('is not signed by the release key built into this fwportal');
    expect(run.code, run.stderr).toBe(EXIT.verification);
    await expectUntouched(sea, original);
  });

  it('does not run in CI', async () => {
    const run = await sea.fwportal(['self-update'], '', { CI: 'true' });
    expect(run.stderr).toContain('does not run in CI');
    expect(run.code, run.stderr).toBe(EXIT.error);
    await expectUntouched(sea, original);
  });
});
