import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogVersions } from '../../../apps/server/src/db/schema';
import { publishedSignatureKey } from '../../../apps/server/src/modules/downloads/published-signature';
import { buildFileName, releaseSignedLine } from '@portal/contract/cli-builds';
import { EXIT } from './exit-codes.ts';
import { current, newer, PLATFORM, sha256 } from './test/sea-harness.ts';
import { useSelfUpdatePortal } from './test/self-update-portal.ts';

/**
 * `fwportal self-update` from the portal: the newest build signed by the release key built into
 * it (or the next key it announced) replaces it, then an older one never does, whether signed by
 * its own key or by the one the key change retired. The second test goes on from the first's
 * install. Refusals of builds published without their release signature, or changed on their
 * way: self-update.test.ts; carried builds (`--from`): self-update-carried.test.ts.
 */
describe('fwportal self-update from the portal: install, then no downgrade', () => {
  const { sea, publish } = useSelfUpdatePortal();

  it('installs the newest build for its platform from the portal, signed by the next key it announced, then has nothing to do', async () => {
    const keyIds = async () =>
      JSON.parse((await sea.fwportal(['version', '--json'])).stdout) as {
        releaseKeyId: string;
        nextReleaseKeyId: string | null;
      };
    const before = await keyIds();
    expect(before.nextReleaseKeyId).toMatch(/^[0-9a-f]{16}$/);
    // A later release signed by a key this build cannot know (a second key change): passed over
    // for the newest build it can verify, which is told, and never downloaded.
    const laterKey = generateKeyPairSync('ed25519').privateKey;
    const laterBytes = randomBytes(4096);
    const later = buildFileName('1.2.0', PLATFORM);
    const laterId = await publish('1.2.0', later, laterBytes);
    const laterLine = releaseSignedLine(createHash('sha256').update(laterBytes).digest('hex'), later);
    await sea.portal.t.app.services.store.put(
      publishedSignatureKey(laterId),
      Readable.from([sign(null, Buffer.from(laterLine), laterKey)]),
    );
    const mode = statSync(sea.program).mode;
    const run = await sea.fwportal(['self-update']);
    expect(run.stderr).toContain(
      `${later} cannot be verified by this fwportal (its release signature is missing, or made by a key this build does not know, as after a release key change): installing ${buildFileName(newer, PLATFORM)}, the newest build it can verify`,
    );
    expect(run.stdout).toBe(`fwportal updated from ${current} to ${newer} (${sea.program})\n`);
    expect(run.code, run.stderr).toBe(EXIT.ok);
    expect(sha256(sea.program)).toBe(sha256(sea.built(newer)));
    expect(statSync(sea.program).mode).toBe(mode);
    expect(readdirSync(path.dirname(sea.program))).toEqual(['fwportal']);
    expect((await sea.fwportal(['--version'])).stdout).toContain(`fwportal ${newer} `);
    // The key change is done: the new build trusts the announced key alone.
    const after = await keyIds();
    expect([after.releaseKeyId, after.nextReleaseKeyId]).toEqual([before.nextReleaseKeyId, null]);

    // The new build does not know that key either: it refuses the later build and keeps itself.
    const refused = await sea.fwportal(['self-update']);
    expect(refused.stderr).toContain(`${later} is not signed by the release key built into this fwportal`);
    expect(refused.code, refused.stderr).toBe(EXIT.verification);
    expect(sha256(sea.program)).toBe(sha256(sea.built(newer)));
    await sea.portal.t.db.delete(catalogVersions).where(eq(catalogVersions.id, laterId));

    const again = await sea.fwportal(['self-update', '--json']);
    expect(again.code, again.stderr).toBe(EXIT.ok);
    expect(JSON.parse(again.stdout)).toMatchObject({ updated: false, from: newer });
  });

  it('refuses an older build signed by its own key, and one the retired key signed', async () => {
    const updated = sha256(sea.program);
    const releaseKey = createPrivateKey(readFileSync(sea.builds.nextKeyFile));
    const signedNow = sea.carried(current, (_dir, copy) => {
      const line = releaseSignedLine(sha256(copy), path.basename(copy));
      writeFileSync(`${copy}.sig`, sign(null, Buffer.from(line), releaseKey));
    });
    const older = await sea.fwportal(['self-update', '--from', signedNow]);
    expect(older.stderr).toContain(
      `${current} is older than this fwportal (${newer}): a downgrade is refused`,
    );
    expect(older.code, older.stderr).toBe(EXIT.error);
    // As released, under the key the change retired: no longer trusted at all.
    const retired = await sea.fwportal([
      'self-update',
      '--from',
      sea.carried(current, sea.withSignedSums(current)),
    ]);
    expect(retired.stderr).toContain('is not signed by the release key built into this fwportal');
    expect(retired.code, retired.stderr).toBe(EXIT.verification);
    expect(sha256(sea.program)).toBe(updated);
  });
});
