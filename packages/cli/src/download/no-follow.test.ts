import { linkSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeOwnDir, openForWriting, replaceFile } from './no-follow.ts';

const PRECIOUS = 'not yours\n';

function victim() {
  const dir = mkdtempSync(path.join(tmpdir(), 'fwportal-nofollow-'));
  const outside = path.join(dir, 'outside');
  writeFileSync(outside, PRECIOUS);
  return { dir, outside };
}

describe('writing below --out', () => {
  it('openForWriting does not follow a symlink (O_NOFOLLOW), appending or not', async () => {
    const { dir, outside } = victim();
    symlinkSync(outside, path.join(dir, 'x.part'));
    for (const append of [true, false])
      await expect(openForWriting(path.join(dir, 'x.part'), append)).rejects.toMatchObject({
        key: 'error.symlink',
        exitCode: 1,
      });
    expect(readFileSync(outside, 'utf8')).toBe(PRECIOUS);
  });

  it('openForWriting refuses a hard link before emptying it', async () => {
    const { dir, outside } = victim();
    linkSync(outside, path.join(dir, 'x.part'));
    await expect(openForWriting(path.join(dir, 'x.part'), false)).rejects.toMatchObject({
      key: 'error.hardLink',
    });
    expect(readFileSync(outside, 'utf8')).toBe(PRECIOUS);
  });

  it('replaceFile refuses a symlinked name and leaves no temporary file', async () => {
    const { dir, outside } = victim();
    symlinkSync(outside, path.join(dir, 'SHA256SUMS'));
    await expect(replaceFile(dir, 'SHA256SUMS', Buffer.from('x'))).rejects.toMatchObject({
      key: 'error.symlink',
    });
    expect(readFileSync(outside, 'utf8')).toBe(PRECIOUS);
    await replaceFile(dir, 'manifest.json', Buffer.from('{}'));
    await replaceFile(dir, 'manifest.json', Buffer.from('{"a":1}'));
    expect(readFileSync(path.join(dir, 'manifest.json'), 'utf8')).toBe('{"a":1}');
    expect(readdirSync(dir).sort()).toEqual(['SHA256SUMS', 'manifest.json', 'outside']);
  });

  it('makeOwnDir refuses a symlinked folder', async () => {
    const { dir } = victim();
    symlinkSync(tmpdir(), path.join(dir, '123'));
    await expect(makeOwnDir(path.join(dir, '123'))).rejects.toMatchObject({ key: 'error.symlink' });
    await makeOwnDir(path.join(dir, '124', 'deeper'));
  });
});
