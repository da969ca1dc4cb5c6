import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersions } from '../../../apps/server/src/db/schema';
import { publishedSignatureKey } from '../../../apps/server/src/modules/downloads/published-signature';
import { createItem, createVersion } from '../../../apps/server/src/test/catalog-factories';
import { createUser } from '../../../apps/server/src/test/factories';
import { tokenFor } from '../../../apps/server/src/test/requests';
import { buildFileName, fwportalItemCode, releaseSignedLine } from '@portal/contract/cli-builds';
import { EXIT } from './exit-codes.ts';
import { current, newer, PLATFORM, sha256, useSingleExecutable } from './test/sea-harness.ts';
import { expectUntouched } from './test/self-update-checks.ts';
import { startTamperProxy } from './test/tamper-proxy.ts';

/**
 * `fwportal self-update` from the portal: builds published without their release signature, or
 * changed on their way, are refused without touching the program; the newest build signed by the
 * release key built into it (or the next key it announced) replaces it, and an older one never
 * does. Carried builds (`--from`): self-update-carried.test.ts.
 */
describe('fwportal self-update from the portal', () => {
  const sea = useSingleExecutable({ portal: true });
  let proxy: Awaited<ReturnType<typeof startTamperProxy>>;
  let original: string;
  let newerVersionId: number;
  let itemId: number;

  /** A version row of the platform's Tools item, as the factories write it (no upload checks). */
  const publish = async (version: string, fileName: string, bytes?: Buffer, preRelease = false) => {
    const { t } = sea.portal;
    const row = await createVersion(t.db, t.app.services.store, {
      itemId,
      version,
      fileName,
      bytes,
      preRelease,
    });
    await t.db
      .update(catalogVersions)
      .set({ os: 'Linux', arch: 'x86_64', fileCategory: 'software' })
      .where(eq(catalogVersions.id, row.id));
    return row.id;
  };

  /** What the console's upload form sends for a build (meta, signature, file), then Publish, as staff. */
  async function publishThroughConsole(file: string): Promise<number> {
    const { portal } = sea;
    const staff = await createUser(portal.t.db, { roleCodes: ['staff'] });
    const staffToken = await tokenFor(portal.t.app, staff.account, staff.password);
    const headers = { authorization: `Bearer ${staffToken}` };
    const form = new FormData();
    const meta = {
      version: newer,
      releaseDate: '2026-12-01',
      fileCategory: 'software',
      os: 'Any',
      arch: 'Any',
    };
    form.append(
      'meta',
      JSON.stringify({ ...meta, severity: 'optional', cves: [], models: [], securityFix: false }),
    );
    form.append('signature', new Blob([readFileSync(`${file}.sig`)]), `${path.basename(file)}.sig`);
    form.append('file', new Blob([readFileSync(file)]), path.basename(file));
    const uploaded = await fetch(`${portal.url}/api/publishing/items/${itemId}/versions`, {
      method: 'POST',
      headers,
      body: form,
    });
    const draft = (await uploaded.json()) as { data: { id: number } };
    expect(uploaded.status, JSON.stringify(draft)).toBe(200);
    const published = await fetch(`${portal.url}/api/publishing/versions/${draft.data.id}/publish`, {
      method: 'POST',
      headers,
    });
    expect(published.status).toBe(200);
    return draft.data.id;
  }

  beforeAll(async () => {
    original = sha256(sea.program);
    // Signed in as the customer's API token, as fwportal is where it updates from the portal.
    const login = await sea.fwportal(['login', '--url', sea.portal.url, '--token-stdin'], `${sea.token}\n`);
    expect(login.code, login.stderr).toBe(EXIT.ok);
    proxy = await startTamperProxy(sea.portal.url);
    // Staff publish builds as any software: a version of the Tools item of the platform.
    const item = await createItem(sea.portal.t.db, {
      kind: 'TOOL',
      code: fwportalItemCode(PLATFORM),
      name: 'fwportal',
    });
    itemId = item.id;
    // Published by staff as the console does: the executable with the .sig the build script
    // wrote beside it, over HTTP, then released.
    newerVersionId = await publishThroughConsole(sea.built(newer));
    // Never picked: a pre-release, and a newer build for another platform listed by mistake
    // (rows the publishing API itself would refuse: their bytes carry no release signature).
    await publish('9.0.0-rc.1', buildFileName('9.0.0-rc.1', PLATFORM), undefined, true);
    await publish('9.0.0', buildFileName('9.0.0', 'linux-arm64'));
  });
  afterAll(() => proxy?.close());

  it("refuses the portal's newest build when it is published without its release signature, though the portal signs its SHA256SUMS", async () => {
    const store = sea.portal.t.app.services.store;
    const key = publishedSignatureKey(newerVersionId);
    const releaseSignature = readFileSync(`${sea.built(newer)}.sig`);
    await store.remove(key);
    try {
      // What a staff member publishing a build of their own gets: the portal's signature only.
      const sums = await sea.portal.t.app.inject({
        url: `/api/downloads/${newerVersionId}/SHA256SUMS.sig`,
        headers: { authorization: `Bearer ${sea.token}` },
      });
      expect(sums.statusCode).toBe(200);
      const run = await sea.fwportal(['self-update']);
      expect(run.stderr).toContain('without its release signature');
      expect(run.code, run.stderr).toBe(EXIT.verification);
    } finally {
      await store.put(key, Readable.from([releaseSignature]));
    }
    await expectUntouched(sea, original);
  });

  it('refuses a build tampered with on its way from the portal', async () => {
    proxy.mode.tamper = true;
    try {
      const run = await sea.fwportal(['self-update', '--url', proxy.url], '', { FWPORTAL_TOKEN: sea.token });
      expect(run.stderr).toContain('differs from the signed one');
      expect(run.code, run.stderr).toBe(EXIT.verification);
    } finally {
      proxy.mode.tamper = false;
    }
    await expectUntouched(sea, original);
  });

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
