/**
 * Chunk size of the downloads streaming at once. Each one holds about three chunks
 * (one being read, one buffered, one in the socket's queue), so large chunks, which
 * keep a few fast downloads at full speed, shrink when many run together: the
 * process's download buffers stay within about 64 MiB however many clients come.
 */
export const MAX_CHUNK_BYTES = 1024 * 1024;
export const MIN_CHUNK_BYTES = 64 * 1024;
const BUDGET_BYTES = 64 * 1024 * 1024;
const CHUNKS_HELD = 3;

export class ChunkBudget {
  private active = 0;

  /**
   * Takes a slot for one download. `chunkBytes` is asked before every read, so a download
   * that started alone shrinks its chunks when others join; `release` gives the slot back
   * (once, however often it is called).
   */
  acquire(): { chunkBytes: () => number; release: () => void } {
    this.active += 1;
    let released = false;
    return {
      chunkBytes: () => chunkBytesFor(this.active),
      release: () => {
        if (released) return;
        released = true;
        this.active -= 1;
      },
    };
  }

  get streaming(): number {
    return this.active;
  }
}

/** The largest power of two (between 64 KiB and 1 MiB) that keeps `active` downloads within the budget. */
export function chunkBytesFor(active: number): number {
  const share = BUDGET_BYTES / CHUNKS_HELD / Math.max(1, active);
  let size = MAX_CHUNK_BYTES;
  while (size > MIN_CHUNK_BYTES && size > share) size /= 2;
  return size;
}
