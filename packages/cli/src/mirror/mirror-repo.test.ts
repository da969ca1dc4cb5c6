import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  truncateSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { CliError } from '../cli-error.ts';
import { EXIT } from '../exit-codes.ts';
import { type MirrorFile, onDisk, poolPathOf } from './mirror-layout.ts';
import { checkedCopy, openRepo } from './mirror-repo.ts';

/**
 * `update --repo DIR` hands a BMC the file `repo.file` returns. Whoever can write the mirror
 * folder (a shared folder, a share) must not get other bytes onto a BMC than the signed ones.
 */
describe('a mirror folder as update --repo reads it', () => {
  const made: string[] = [];
  const folder = (prefix: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A mirror holding one pool file of random bytes; its entry as an index names it. */
  function mirrorWithOneFile() {
    const root = folder('fwportal-mirror-');
    const bytes = randomBytes(64 * 1024);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const file: MirrorFile = { path: poolPathOf(sha256, 'bmc.bin'), size: bytes.length, sha256 };
    mkdirSync(path.dirname(onDisk(root, file.path)), { recursive: true });
    writeFileSync(onDisk(root, file.path), bytes);
    return { root, bytes, file };
  }

  const refusalOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: unknown) => (error instanceof CliError ? `${error.exitCode} ${error.key}` : String(error)),
    );

  it('hands on a private copy checked as it was read, which a later change of the mirror does not touch', async () => {
    const { root, bytes, file } = mirrorWithOneFile();
    const repo = openRepo(root, 5_000);
    const copy = await repo.file(file);
    expect(path.relative(root, copy).startsWith('..')).toBe(true);
    // The mirror's writer swaps the file after the check, before the BMC reads it.
    writeFileSync(onDisk(root, file.path), Buffer.alloc(bytes.length, 0xee));
    expect(readFileSync(copy).equals(bytes)).toBe(true);
    await repo.close();
    expect(existsSync(copy)).toBe(false);
  });

  it('refuses a pool file that is a link, even to the signed bytes elsewhere, and one that grew', async () => {
    const { root, bytes, file } = mirrorWithOneFile();
    const outside = path.join(folder('fwportal-outside-'), 'bmc.bin');
    writeFileSync(outside, bytes);
    rmSync(onDisk(root, file.path));
    symlinkSync(outside, onDisk(root, file.path));
    const repo = openRepo(root, 5_000);
    expect(await refusalOf(repo.file(file))).toBe(`${EXIT.verification} mirror.fileMismatch`);

    rmSync(onDisk(root, file.path));
    writeFileSync(onDisk(root, file.path), Buffer.concat([bytes, Buffer.from('more')]));
    expect(await refusalOf(repo.file(file))).toBe(`${EXIT.verification} mirror.fileMismatch`);
    await repo.close();
  });

  it('refuses a pool folder that became a link', async () => {
    const { root, file } = mirrorWithOneFile();
    const pair = onDisk(root, file.path.split('/').slice(0, 2).join('/'));
    // The same tree with the signed bytes, now reached through a link.
    const moved = path.join(folder('fwportal-moved-'), 'pair');
    renameSync(pair, moved);
    symlinkSync(moved, pair);
    const repo = openRepo(root, 5_000);
    expect(await refusalOf(repo.file(file))).toBe(`${EXIT.verification} mirror.fileMismatch`);
    await repo.close();
  });

  it('refuses a catalogue that is a FIFO (read forever) or larger than any catalogue, reading neither', async () => {
    const { root } = mirrorWithOneFile();
    execFileSync('mkfifo', [path.join(root, 'mirror.json')]);
    const repo = openRepo(root, 5_000);
    expect(await refusalOf(repo.catalog())).toBe(`${EXIT.verification} mirror.unreadableFile`);
    rmSync(path.join(root, 'mirror.json'));
    writeFileSync(path.join(root, 'mirror.json'), '');
    truncateSync(path.join(root, 'mirror.json'), 65 * 1024 * 1024);
    expect(await refusalOf(repo.catalog())).toBe(`${EXIT.verification} mirror.unreadableFile`);
  }, 10_000);
});

describe("the private copy of a mirror's file", () => {
  it('gives up when no byte moves for its limit (a removed drive), keeping nothing, instead of waiting forever', async () => {
    const under = mkdtempSync(path.join(tmpdir(), 'mirror-copy-'));
    try {
      // A source that says nothing more after its first bytes: a read the kernel holds.
      const hung = new Readable({ read() {} });
      hung.push(Buffer.alloc(1024));
      const file = { path: 'pool/ab/cd/bmc.bin', size: 4096, sha256: 'a'.repeat(64) };
      const copy = checkedCopy(hung, file, under, 50);
      await expect(copy).rejects.toBeInstanceOf(CliError);
      await expect(copy).rejects.toMatchObject({ key: 'mirror.copyStalled', params: { file: file.path } });
      expect(readdirSync(under)).toEqual([]);
    } finally {
      rmSync(under, { recursive: true, force: true });
    }
  });
});
