import { describe, expect, it } from 'vitest';
import { ChunkBudget, chunkBytesFor, MAX_CHUNK_BYTES, MIN_CHUNK_BYTES } from './chunk-budget';

describe('download chunk budget', () => {
  it('keeps 1 MiB chunks for up to 21 downloads and shrinks them beyond, never below 64 KiB', () => {
    expect(chunkBytesFor(1)).toBe(MAX_CHUNK_BYTES);
    expect(chunkBytesFor(16)).toBe(MAX_CHUNK_BYTES);
    expect(chunkBytesFor(21)).toBe(MAX_CHUNK_BYTES);
    expect(chunkBytesFor(22)).toBe(512 * 1024);
    expect(chunkBytesFor(64)).toBe(256 * 1024);
    expect(chunkBytesFor(64) * 3 * 64).toBeLessThanOrEqual(64 * 1024 * 1024);
    expect(chunkBytesFor(100_000)).toBe(MIN_CHUNK_BYTES);
  });

  it('counts streaming downloads and gives a slot back only once', () => {
    const budget = new ChunkBudget();
    const slots = Array.from({ length: 30 }, () => budget.acquire());
    expect(budget.streaming).toBe(30);
    // Every download's next read follows the current load, whenever it started.
    expect(slots[0]?.chunkBytes()).toBe(512 * 1024);
    expect(slots[29]?.chunkBytes()).toBe(512 * 1024);
    slots[0]?.release();
    slots[0]?.release();
    expect(budget.streaming).toBe(29);
    for (const slot of slots.slice(0, 20)) slot.release();
    expect(budget.streaming).toBe(10);
    expect(slots[29]?.chunkBytes()).toBe(MAX_CHUNK_BYTES);
    for (const slot of slots) slot.release();
    expect(budget.streaming).toBe(0);
  });
});
