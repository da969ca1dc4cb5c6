import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ObjectNotFoundError, ObjectTooLargeError } from './file-store';
import { LocalFileStore } from './local-file-store';

describe('LocalFileStore', () => {
  let root: string;
  let store: LocalFileStore;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'store-'));
    store = new LocalFileStore(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes, reads and removes an object, with its size and SHA-256', async () => {
    const stored = await store.put('a/b.txt', Readable.from([Buffer.from('hello')]));
    expect(stored).toEqual({
      size: 5,
      sha256: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
    });
    expect(await text(await store.open('a/b.txt'))).toBe('hello');
    await store.remove('a/b.txt');
    await expect(store.open('a/b.txt')).rejects.toThrow();
  });

  it('leaves nothing behind when the body is too large or fails midway', async () => {
    await expect(
      store.put('big.bin', Readable.from([Buffer.alloc(10)]), { maxBytes: 5 }),
    ).rejects.toBeInstanceOf(ObjectTooLargeError);
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(store.put('broken.bin', failing)).rejects.toThrow('connection reset');
    expect(readdirSync(root)).toEqual([]);
  });

  it('lists files under a prefix, marking the .part files of unfinished writes', async () => {
    await store.put('a/b/done.bin', Readable.from([Buffer.from('x')]));
    await store.put('ab.bin', Readable.from([Buffer.from('x')]));
    mkdirSync(path.join(root, 'a/c'), { recursive: true });
    const part = 'a/c/next.bin.0b6f1c2e-4a5d-4e6f-8a9b-0c1d2e3f4a5b.part';
    writeFileSync(path.join(root, part), 'half');
    const listed = async (prefix: string) => {
      const found: { key: string; partial: boolean }[] = [];
      for await (const { key, partial } of store.list(prefix)) found.push({ key, partial });
      return found.sort((x, y) => x.key.localeCompare(y.key));
    };
    expect(await listed('a/')).toEqual([
      { key: 'a/b/done.bin', partial: false },
      { key: part, partial: true },
    ]);
    expect((await listed('a')).map((entry) => entry.key)).toEqual(['a/b/done.bin', part, 'ab.bin']);
    expect(await listed('missing/')).toEqual([]);
    await store.remove(part);
    expect(readdirSync(path.join(root, 'a'))).toEqual(['b']);
    await expect(listed('../')).rejects.toThrow('invalid storage key');
  });

  it('refuses keys that would leave its folder', async () => {
    await expect(store.put('../escape', Readable.from([Buffer.from('x')]))).rejects.toThrow(
      'invalid storage key',
    );
    await expect(store.open('/etc/passwd')).rejects.toThrow('invalid storage key');
  });

  it('opens an inclusive byte range, reports sizes, and says "not found" on open', async () => {
    await store.put('ranged.bin', Readable.from([Buffer.from('0123456789')]));
    expect(await text(await store.open('ranged.bin', { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await store.open('ranged.bin', { start: 9, end: 9 }))).toBe('9');
    expect(await store.stat('ranged.bin')).toMatchObject({ size: 10, modifiedAt: expect.any(Date) });
    expect(await store.stat('missing.bin')).toBeNull();
    await store.put('folder/inside.bin', Readable.from([Buffer.from('x')]));
    expect(await store.stat('folder')).toBeNull();
    await expect(store.open('missing.bin')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(store.open('missing.bin', { start: 0, end: 1 })).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('reads in chunks whose size is asked before each read, and closes the file when destroyed', async () => {
    await store.put('sized.bin', Readable.from([Buffer.from('0123456789')]));
    const sizes = [3, 3, 5];
    const chunks: string[] = [];
    const ranged = await store.open(
      'sized.bin',
      { start: 2, end: 8 },
      { chunkBytes: () => sizes.shift() ?? 1 },
    );
    for await (const chunk of ranged) chunks.push(String(chunk));
    expect(chunks).toEqual(['234', '567', '8']);
    expect(await text(await store.open('sized.bin', undefined, { chunkBytes: () => 4 }))).toBe('0123456789');
    await expect(store.open('gone.bin', undefined, { chunkBytes: () => 4 })).rejects.toBeInstanceOf(
      ObjectNotFoundError,
    );
    const stopped = await store.open('sized.bin', undefined, { chunkBytes: () => 2 });
    stopped.destroy();
    await new Promise((resolve) => stopped.once('close', resolve));
    expect(stopped.destroyed).toBe(true);
  });
});
