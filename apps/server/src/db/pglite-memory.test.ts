import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SHARED_BUFFERS_MB } from './connection';

describe('the embedded database in a data folder', () => {
  it('is created by a child process, opens with a small buffer pool, and opens again with its data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-memory-'));
    try {
      const first = await openDatabase({ dataDir });
      expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      const shown = await first.db.execute(sql`show shared_buffers`);
      expect((shown as unknown as { rows: Array<{ shared_buffers: string }> }).rows[0]?.shared_buffers).toBe(
        `${PGLITE_SHARED_BUFFERS_MB}MB`,
      );
      await first.db.execute(sql`create table kept (v text)`);
      await first.db.execute(sql`insert into kept values ('still here')`);
      await first.close();

      const again = await openDatabase({ dataDir, pgliteSharedBuffersMb: 8 });
      const rows = await again.db.execute(sql`select v from kept`);
      expect((rows as unknown as { rows: Array<{ v: string }> }).rows).toEqual([{ v: 'still here' }]);
      const resized = await again.db.execute(sql`show shared_buffers`);
      expect(
        (resized as unknown as { rows: Array<{ shared_buffers: string }> }).rows[0]?.shared_buffers,
      ).toBe('8MB');
      await again.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
