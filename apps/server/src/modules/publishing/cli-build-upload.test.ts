import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, type PublishItem, type PublishVersion } from '@portal/contract';
import {
  buildFileName,
  fwportalItemCode,
  releaseSignedLine,
  type SeaPlatform,
} from '@portal/contract/cli-builds';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalogVersions } from '../../db/schema';
import { createUser } from '../../test/factories';
import { tokenFor, withToken } from '../../test/requests';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  archives,
  filesUnder,
  itemInput,
  multipartBody,
  type Part,
  versionMeta,
} from './publishing-test-kit';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The first bytes of a 64-bit little-endian ELF executable for `machine`, then filler. */
function elf(machine: number, size = 8192): Buffer {
  const bytes = randomBytes(size);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(bytes, 0);
  bytes.writeUInt16LE(2, 16);
  bytes.writeUInt16LE(machine, 18);
  return bytes;
}

/** A PE file for x86-64: "MZ", e_lfanew at 0x3c, "PE\0\0" and the machine there. */
function peAmd64(size = 8192): Buffer {
  const bytes = randomBytes(size);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x100, 0x3c);
  bytes.writeUInt32BE(0x50450000, 0x100);
  bytes.writeUInt16LE(0x8664, 0x104);
  return bytes;
}

const BUILDS: Record<SeaPlatform, () => Buffer> = {
  'linux-x64': () => elf(0x3e),
  'linux-arm64': () => elf(0xb7),
  'win-x64': () => peAmd64(),
};

/** The `.sig` the build script writes: the release key's signature of the build's sha256sum line. */
const releaseSignature = (key: KeyObject, bytes: Buffer, fileName: string) =>
  sign(null, Buffer.from(releaseSignedLine(sha256(bytes), fileName)), key);

/**
 * Issue 44 §1: staff publish fwportal builds from the console as any software, and only builds
 * the release key signed: the file as the build script names it, an executable for the item's
 * platform, its `.sig` checked against CLI_RELEASE_PUBLIC_KEY_FILE and kept as published. The
 * publishing logic is the same on both drivers (publishing-upload.test runs the shared part on
 * each), so this runs on PGlite alone.
 */
describe('publishing an fwportal build from the console', () => {
  const keys = mkdtempSync(path.join(tmpdir(), 'release-key-'));
  const releaseKeyFile = path.join(keys, 'release-ed25519.pub.pem');
  const release = generateKeyPairSync('ed25519');
  let t: TestApp;
  let staff: string;

  beforeAll(() => {
    writeFileSync(releaseKeyFile, release.publicKey.export({ type: 'spki', format: 'pem' }));
  });
  afterAll(() => rmSync(keys, { recursive: true, force: true }));
  afterEach(() => t.close());

  const setUp = async (keyFile = releaseKeyFile) => {
    t = await createTestApp('pglite', { config: { CLI_RELEASE_PUBLIC_KEY_FILE: keyFile } });
    const user = await createUser(t.db, { roleCodes: ['staff'] });
    staff = await tokenFor(t.app, user.account, user.password);
  };
  const createBuildItem = async (platform: SeaPlatform) => {
    const created = await withToken<PublishItem>(t.app, staff, {
      method: 'POST',
      url: '/api/publishing/items',
      payload: itemInput({
        code: fwportalItemCode(platform),
        kind: 'TOOL',
        nameZh: 'fwportal',
        nameEn: 'fwportal',
      }),
    });
    expect(created.status).toBe(200);
    return created.body.data;
  };
  const upload = async (
    item: PublishItem,
    version: string,
    file: { filename: string; content: Buffer },
    signature?: Buffer,
  ) => {
    const parts: Part[] = [
      {
        name: 'meta',
        value: JSON.stringify(versionMeta({ version, fileCategory: 'software', models: [], cves: [] })),
      },
    ];
    if (signature) parts.push({ name: 'signature', filename: `${file.filename}.sig`, content: signature });
    parts.push({ name: 'file', ...file });
    const body = multipartBody(parts);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/publishing/items/${item.id}/versions?locale=en-US`,
      payload: body.payload,
      headers: { authorization: `Bearer ${staff}`, 'content-type': body.contentType },
    });
    return { status: response.statusCode, body: response.json() };
  };
  /** A build for `platform` as the build script makes it, uploaded with its release signature. */
  const uploadSignedBuild = async (item: PublishItem, platform: SeaPlatform, version: string) => {
    const content = BUILDS[platform]();
    const filename = buildFileName(version, platform);
    const signature = releaseSignature(release.privateKey, content, filename);
    return {
      content,
      filename,
      signature,
      answer: await upload(item, version, { filename, content }, signature),
    };
  };

  it('takes a signed build for each platform, lists it for that platform and serves its .sig unchanged once published', async () => {
    await setUp();
    for (const platform of Object.keys(BUILDS) as SeaPlatform[]) {
      const item = await createBuildItem(platform);
      const { content, filename, signature, answer } = await uploadSignedBuild(item, platform, '1.4.0');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const draft = answer.body.data as PublishVersion;
      expect(draft).toMatchObject({ status: 'draft', fileName: filename, sha256: sha256(content) });
      const [row] = await t.db.select().from(catalogVersions).where(eq(catalogVersions.id, draft.id));
      // fwportal self-update asks for its own os and arch, whatever the form said (Any).
      expect([row?.os, row?.arch]).toEqual(
        platform === 'win-x64'
          ? ['Windows', 'x86_64']
          : ['Linux', platform === 'linux-x64' ? 'x86_64' : 'aarch64'],
      );

      const published = await withToken(t.app, staff, {
        method: 'POST',
        url: `/api/publishing/versions/${draft.id}/publish`,
      });
      expect(published.status).toBe(200);
      const sig = await t.app.inject({
        url: `/api/downloads/${draft.id}/release.sig`,
        headers: { authorization: `Bearer ${staff}` },
      });
      expect(sig.statusCode).toBe(200);
      expect(sig.rawPayload.equals(signature)).toBe(true);
    }
  });

  it('refuses what the release key did not sign, a wrong name or platform and a missing signature, leaving nothing', async () => {
    await setUp();
    const item = await createBuildItem('linux-x64');
    const content = BUILDS['linux-x64']();
    const filename = buildFileName('1.5.0', 'linux-x64');
    const ownKey = generateKeyPairSync('ed25519').privateKey;
    const cases: {
      why: string;
      file: { filename: string; content: Buffer };
      signature?: Buffer;
      field: string;
      message: RegExp;
    }[] = [
      { why: 'no signature', file: { filename, content }, field: 'signature', message: /release signature/ },
      // A staff member's own build, signed with a key of their own making.
      {
        why: 'another key',
        file: { filename, content },
        signature: releaseSignature(ownKey, content, filename),
        field: 'signature',
        message: /does not match/,
      },
      {
        why: 'signed for other bytes',
        file: { filename, content },
        signature: releaseSignature(release.privateKey, BUILDS['linux-x64'](), filename),
        field: 'signature',
        message: /does not match/,
      },
      {
        why: 'a short signature',
        file: { filename, content },
        signature: Buffer.alloc(63),
        field: 'signature',
        message: /64-byte/,
      },
      {
        why: 'a file as signature',
        file: { filename, content },
        signature: randomBytes(1024 * 1024),
        field: 'signature',
        message: /64-byte/,
      },
      {
        why: 'another version in the name',
        file: { filename: buildFileName('1.6.0', 'linux-x64'), content },
        signature: releaseSignature(release.privateKey, content, buildFileName('1.6.0', 'linux-x64')),
        field: 'file',
        message: /fwportal-1\.5\.0-linux-x64/,
      },
      {
        why: 'another platform in the name',
        file: { filename: buildFileName('1.5.0', 'linux-arm64'), content },
        signature: releaseSignature(release.privateKey, content, buildFileName('1.5.0', 'linux-arm64')),
        field: 'file',
        message: /fwportal-1\.5\.0-linux-x64/,
      },
    ];
    for (const { why, file, signature, field, message } of cases) {
      const answer = await upload(item, '1.5.0', file, signature);
      expect(answer.status, why).toBe(400);
      const problem = (answer.body.data as { field: string; message: string }[])[0];
      expect(problem?.field, why).toBe(field);
      expect(problem?.message, why).toMatch(message);
    }
    // An arm64 executable (or an archive) under the x64 name: refused by its content.
    for (const content of [BUILDS['linux-arm64'](), archives.tarGz()]) {
      const answer = await upload(
        item,
        '1.5.0',
        { filename, content },
        releaseSignature(release.privateKey, content, filename),
      );
      expect(answer.status).toBe(415);
      expect(answer.body.code).toBe(ErrorCode.FILE_TYPE_NOT_ALLOWED);
      expect(answer.body.message).toBe('The file is not an executable for linux-x64');
    }
    expect(await t.db.select().from(catalogVersions).where(eq(catalogVersions.itemId, item.id))).toEqual([]);
    expect(filesUnder(t)).toEqual([]);
  });

  it('refuses a signature beside an archive of any other item, and a build where the portal has no release key', async () => {
    await setUp(path.join(keys, 'absent.pem'));
    const created = await withToken<PublishItem>(t.app, staff, {
      method: 'POST',
      url: '/api/publishing/items',
      payload: itemInput(),
    });
    const archive = archives.tarGz();
    const other = await upload(
      created.body.data,
      '9.9.1',
      { filename: 'bmc.tar.gz', content: archive },
      randomBytes(64),
    );
    expect(other.status).toBe(400);
    expect((other.body.data as { field: string }[])[0]?.field).toBe('signature');

    const { answer } = await uploadSignedBuild(await createBuildItem('linux-x64'), 'linux-x64', '1.5.0');
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe(ErrorCode.PUBLISH_BUILD_KEY_MISSING);
    expect(answer.body.message).toMatch(/CLI_RELEASE_PUBLIC_KEY_FILE/);
    expect(filesUnder(t)).toEqual([]);

    // Refused on the item and version alone, before a byte of the file is taken: a file that is
    // not even an executable (refused by its content once read) gets the same 409.
    const item = await createBuildItem('linux-arm64');
    const notRead = await upload(
      item,
      '1.5.1',
      { filename: buildFileName('1.5.1', 'linux-arm64'), content: archive },
      randomBytes(64),
    );
    expect(notRead.status).toBe(409);
    expect(notRead.body.code).toBe(ErrorCode.PUBLISH_BUILD_KEY_MISSING);
    expect(filesUnder(t)).toEqual([]);
  });

  it('takes builds of either key while the release key changes (both in the key file), and no other', async () => {
    const next = generateKeyPairSync('ed25519');
    const bothKeys = path.join(keys, 'both.pub.pem');
    writeFileSync(
      bothKeys,
      [release, next].map((pair) => pair.publicKey.export({ type: 'spki', format: 'pem' })).join(''),
    );
    await setUp(bothKeys);
    const item = await createBuildItem('linux-x64');
    expect((await uploadSignedBuild(item, 'linux-x64', '3.0.0')).answer.status).toBe(200);
    const content = BUILDS['linux-x64']();
    for (const [version, key, status] of [
      ['3.1.0', next.privateKey, 200],
      ['3.2.0', generateKeyPairSync('ed25519').privateKey, 400],
    ] as const) {
      const filename = buildFileName(version, 'linux-x64');
      const answer = await upload(
        item,
        version,
        { filename, content },
        releaseSignature(key, content, filename),
      );
      expect(answer.status, version).toBe(status);
    }
  });

  it('deletes a draft build with its signature', async () => {
    await setUp();
    const { answer } = await uploadSignedBuild(await createBuildItem('win-x64'), 'win-x64', '2.0.0');
    expect(answer.status).toBe(200);
    expect(filesUnder(t)).toHaveLength(2);
    const deleted = await withToken(t.app, staff, {
      method: 'DELETE',
      url: `/api/publishing/versions/${(answer.body.data as PublishVersion).id}`,
    });
    expect(deleted.status).toBe(200);
    expect(filesUnder(t)).toEqual([]);
  });
});
