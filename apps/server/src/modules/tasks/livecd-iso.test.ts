import type { Task } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { publishedItem, signedInUser } from '../../test/download-fixtures';
import { withToken } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import { filesUnder } from '../publishing/publishing-test-kit';
import { getTask } from './tasks-test-kit';

describe('a custom LiveCD without the ISO writer', () => {
  it('fails with a message the user can act on, and leaves no file', async () => {
    const t = await createTestApp('pglite', { config: { XORRISO_PATH: '/nonexistent/xorriso' } });
    try {
      const { token: customer } = await signedInUser(t);
      const { version: base } = await publishedItem(t, { kind: 'LIVECD' });
      const created = await withToken<{ task: Task }>(t.app, customer, {
        method: 'POST',
        url: '/api/tasks/livecd',
        payload: { baseVersionId: base.id },
      });
      await t.app.services.jobs.runUntilIdle();
      const task = await getTask(t, customer, created.body.data.task.id);
      expect(task.status).toBe('FAILED');
      expect(task.log.map((e) => e.message)).toContain(
        'The ISO writer (xorriso) is not installed on the server; please contact support',
      );
      expect(filesUnder(t, 'tasks')).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('scratch folders of custom LiveCD tasks', () => {
  it('are removed when a dead process left them for more than a day', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { removeStaleScratch } = await import('./livecd-iso');
    const old = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-livecd-'));
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-livecd-'));
    const dayAndMore = Date.now() / 1000 - 25 * 3600;
    fs.utimesSync(old, dayAndMore, dayAndMore);
    expect(await removeStaleScratch()).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    fs.rmSync(fresh, { recursive: true, force: true });
  });
});
