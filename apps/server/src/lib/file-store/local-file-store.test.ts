import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
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
    expect(await store.stat('ranged.bin')).toEqual({ size: 10 });
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
