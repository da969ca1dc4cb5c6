import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode, type PublishItem } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/download-fixtures';
import { withToken } from '../../test/requests';
import { createTestApp, type Driver, DRIVERS, type TestApp } from '../../test/test-app';
import { archiveCheckFor } from './archive-check';
import { archives, filesUnder, itemInput, uploadVersion, versionMeta } from './publishing-test-kit';

/** Real archives from the system tools (tar, gzip), with enough content to span many chunks. */
function systemArchives() {
  const dir = mkdtempSync(path.join(tmpdir(), 'archive-check-'));
  writeFileSync(path.join(dir, 'firmware.bin'), Buffer.alloc(300_000, 'firmware-'));
  writeFileSync(path.join(dir, 'README.txt'), 'read me\n');
  execFileSync('tar', ['-cf', 'a.tar', 'firmware.bin', 'README.txt'], { cwd: dir });
  execFileSync('tar', ['-czf', 'a.tar.gz', 'firmware.bin', 'README.txt'], { cwd: dir });
  const read = (name: string) => readFileSync(path.join(dir, name));
  const result = { tar: read('a.tar'), tarGz: read('a.tar.gz') };
  rmSync(dir, { recursive: true, force: true });
  return result;
}

async function check(label: string, bytes: Buffer, chunkSize = 4096): Promise<string> {
  const whole = archiveCheckFor(label);
  try {
    for (let at = 0; at < bytes.length; at += chunkSize) await whole.push(bytes.subarray(at, at + chunkSize));
    await whole.end();
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
}

/** Every folder below `root` (relative), to prove a refused upload leaves no empty one. */
function foldersUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const flip = (bytes: Buffer, at: number) => {
  const copy = Buffer.from(bytes);
  copy[at] = copy[at]! ^ 0xff;
  return copy;
};

describe('whole-archive checks', () => {
  const real = systemArchives();
  const cases: [string, Buffer][] = [
    ['tar', real.tar],
    ['tar.gz', real.tarGz],
    ['tar', archives.tar()],
    ['tar.gz', archives.tarGz()],
    ['zip', archives.zip()],
    ['zip', archives.emptyZip()],
    ['rar', archives.rar()],
  ];

  it.each(cases)('accepts a whole %s archive, in any chunking', async (label, bytes) => {
    expect(await check(label, bytes)).toBe('ok');
    expect(await check(label, bytes, 1)).toBe('ok');
  });

  it.each(cases.filter(([, bytes]) => bytes.length > 100))(
    'refuses a %s archive cut short anywhere',
    async (label, bytes) => {
      for (const keep of [0.25, 0.5, 0.9, 0.999].map((share) => Math.floor(bytes.length * share)))
        expect(await check(label, bytes.subarray(0, keep)), `${keep} of ${bytes.length}`).not.toBe('ok');
      expect(await check(label, bytes.subarray(0, bytes.length - 1))).not.toBe('ok');
    },
  );

  it('refuses corrupt bytes inside a tar header and inside compressed data', async () => {
    expect(await check('tar', flip(real.tar, 10))).toMatch(/checksum/);
    expect(await check('tar.gz', flip(real.tarGz, Math.floor(real.tarGz.length / 2)))).toMatch(/gzip/);
    expect(await check('tar', Buffer.concat([real.tar, Buffer.from('trailing garbage')]))).not.toBe('ok');
  });
});

/**
 * One portal for the block, a publisher signed in and a new item of theirs to upload versions
 * to. `use` receives the app, the publisher's session token and the item.
 */
function appWithItem(driver: Driver, use: (app: TestApp, staff: string, item: PublishItem) => void) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(driver);
    const { token: staff } = await signedInUser(t, { roleCodes: ['staff'] });
    const item = await withToken<PublishItem>(t.app, staff, {
      method: 'POST',
      url: '/api/publishing/items',
      payload: itemInput(),
    });
    use(t, staff, item.body.data);
  }, 60_000);
  afterAll(() => t?.close());
}

describe.each(DRIVERS)('uploading a damaged archive on %s', (driver) => {
  let t: TestApp;
  let staff: string;
  let item: PublishItem;
  appWithItem(driver, (app, token, created) => {
    [t, staff, item] = [app, token, created];
  });

  it('refuses a truncated archive of each type in the user language, leaving no file, folder or row', async () => {
    const { tarGz } = systemArchives();
    const damaged = [
      { filename: 'bmc.tar.gz', content: tarGz.subarray(0, tarGz.length - 100) },
      { filename: 'bmc.tar', content: archives.tar().subarray(0, 700) },
      { filename: 'bmc.zip', content: archives.zip().subarray(0, archives.zip().length - 10) },
      { filename: 'bmc.rar', content: archives.rar().subarray(0, 12) },
    ];
    for (const [index, file] of damaged.entries()) {
      const answer = await uploadVersion(t, staff, item.id, file, versionMeta({ version: `1.0.${index}` }));
      expect(answer.status, file.filename).toBe(415);
      expect(answer.body.code).toBe(ErrorCode.FILE_TYPE_NOT_ALLOWED);
      expect(answer.body.message).toMatch(/archive is incomplete or damaged/);
    }
    expect(filesUnder(t)).toEqual([]);
    expect(foldersUnder(path.join(t.dataDir, 'files'))).toEqual([]);
    const versions = await withToken<unknown[]>(t.app, staff, {
      method: 'GET',
      url: `/api/publishing/items/${item.id}/versions`,
    });
    expect(versions.body.data).toEqual([]);
  });
});

describe.each(DRIVERS)('version strings and file names on %s', (driver) => {
  let t: TestApp;
  let staff: string;
  let item: PublishItem;
  appWithItem(driver, (app, token, created) => {
    [t, staff, item] = [app, token, created];
  });

  it('refuses versions with "/", "..", control characters or a leading sign, in the reader language', async () => {
    for (const version of [
      '1.0/../../etc',
      '../1.0',
      '1..0',
      '1.0\u0000',
      '1.0\u001b[31m',
      '-1.0',
      '1.0  rc',
      '.1',
    ]) {
      const answer = await uploadVersion(
        t,
        staff,
        item.id,
        { filename: 'bmc.tar.gz', content: archives.tarGz() },
        versionMeta({ version }),
      );
      expect(answer.status, JSON.stringify(version)).toBe(400);
      expect(answer.body.code).toBe(ErrorCode.PARAM_ERROR);
      expect(answer.body.data).toEqual([
        { field: 'meta.version', message: expect.stringContaining('single spaces') },
      ]);
    }
    for (const version of [
      '4.0.0-rc1',
      'V1.2.3',
      '5.02',
      '2024-05-01',
      'BIOS 3.9 (build 7)',
      '1.0_1',
      '固件1.0',
    ])
      expect(
        (
          await uploadVersion(
            t,
            staff,
            item.id,
            { filename: `bmc-${version}.tar.gz`, content: archives.tarGz(version) },
            versionMeta({ version }),
          )
        ).status,
        version,
      ).toBe(200);
    expect(filesUnder(t)).toHaveLength(7);
  });

  it('refuses a file name with control characters, "." or "..", or one Windows cannot save', async () => {
    const before = filesUnder(t);
    const upload = (filename: string) =>
      uploadVersion(
        t,
        staff,
        item.id,
        { filename, content: archives.tarGz() },
        versionMeta({ version: '8.0.0' }),
      );
    // A device name (CON, aux.tar.gz), a stream of another file (a:b), a wildcard, a trailing dot:
    // fwportal on Windows would write to the device or the other file (issue 44 review).
    const unportable = ['aux.tar.gz', 'CON.tar.gz', 'bmc.tar.gz:stream.tar.gz', 'bmc*.tar.gz', 'bmc.tar.gz.'];
    for (const filename of ['bmc\u0007.tar.gz', 'bmc\u001b[2J.tar.gz', '..', ...unportable]) {
      const answer = await upload(filename);
      expect(answer.status, JSON.stringify(filename)).toBe(400);
      expect(answer.body.data).toEqual([
        { field: 'file', message: expect.stringContaining('control characters') },
      ]);
    }
    // Names the multipart parser itself cannot carry are refused before they reach the service.
    for (const filename of ['bmc\n.tar.gz', 'dir/..']) expect((await upload(filename)).status).toBe(400);
    expect(filesUnder(t)).toEqual(before);
  });
});
