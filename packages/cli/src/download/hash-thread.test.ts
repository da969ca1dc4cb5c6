import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stopHashThread, threadHash } from './hash-thread.ts';

const sha = (...parts: Buffer[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};
const shared = (bytes: Buffer) => {
  const copy = Buffer.from(new SharedArrayBuffer(bytes.length + 7), 7);
  bytes.copy(copy);
  return copy;
};

describe('SHA-256 on the hash thread', () => {
  it('hashes a file then shared bytes in order, as one SHA-256 over both', async () => {
    const head = randomBytes(3 * 1024 * 1024 + 5);
    const tail = randomBytes(100_000);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'hash-thread-')), 'part');
    writeFileSync(file, head);
    const hash = threadHash();
    await hash.updateFromFile(file);
    // Not awaited one by one: the thread keeps them in order.
    await Promise.all([hash.update(shared(tail.subarray(0, 10))), hash.update(shared(tail.subarray(10)))]);
    expect(await hash.digest()).toBe(sha(head, tail));
  });

  it('keeps many hashes apart, starts one over, and takes no unshared buffer', async () => {
    const parts = [randomBytes(1000), randomBytes(2000), randomBytes(3000)];
    const hashes = parts.map(() => threadHash());
    await Promise.all(hashes.map((hash, at) => hash.update(shared(parts[at] as Buffer))));
    hashes[0]?.restart();
    await hashes[0]?.update(shared(parts[2] as Buffer));
    expect(await Promise.all(hashes.map((hash) => hash.digest()))).toEqual([
      sha(parts[2] as Buffer),
      sha(parts[1] as Buffer),
      sha(parts[2] as Buffer),
    ]);
    expect(() => threadHash().update(Buffer.from('not shared'))).toThrow(TypeError);
  });

  it('reports a file it cannot read', async () => {
    await expect(threadHash().updateFromFile('/nonexistent/part')).rejects.toThrow(/ENOENT/);
  });

  it('fails a hash whose thread died, instead of going on from nothing in a new one', async () => {
    const bytes = randomBytes(5000);
    const lost = threadHash();
    await lost.update(shared(bytes.subarray(0, 1000)));
    await stopHashThread();
    // Its first 1000 bytes went with the thread: no digest of the rest alone.
    await expect(lost.update(shared(bytes.subarray(1000)))).rejects.toThrow(/restarted/);
    await expect(lost.digest()).rejects.toThrow(/restarted/);
    // Started over, it lives in the new thread; so does a new hash.
    lost.restart();
    await lost.update(shared(bytes));
    const fresh = threadHash();
    await fresh.update(shared(bytes));
    expect([await lost.digest(), await fresh.digest()]).toEqual([sha(bytes), sha(bytes)]);
  });
});
