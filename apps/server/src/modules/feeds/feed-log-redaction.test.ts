import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FEED_TOKEN_PREFIX } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { captureLog } from '../../test/log-capture';
import { buildApp, defaultLoggerOptions } from '../../app';
import { loadConfig } from '../../config';
import { seedDatabase } from '../../db/seed/seed';
import { ManualClock } from '../../lib/clock';
import { ADMIN_PASSWORD, DEMO_PASSWORD, openTestDatabase } from '../../test/test-app';

describe('the private feed token in request logs', () => {
  it('is logged as [redacted], whatever the feed answers', async () => {
    const { stream, lines } = captureLog();
    const database = await openTestDatabase('pglite');
    await database.migrate();
    const clock = new ManualClock(new Date());
    await seedDatabase(database.db, { admin: ADMIN_PASSWORD, demo: DEMO_PASSWORD }, clock.now());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-feed-log-'));
    const config = loadConfig({
      CAPTCHA: 'off',
      WEB_DIST_DIR: '/nonexistent',
      DATA_DIR: dataDir,
      TASK_WORKERS: '0',
      LOG_LEVEL: 'info',
    });
    // The production logger options (main.ts), writing to this test's stream.
    const app = await buildApp({
      config,
      database,
      clock,
      logger: { ...defaultLoggerOptions(config), stream },
    });
    try {
      await app.ready();
      const token = `${FEED_TOKEN_PREFIX}${'S3cretFeedToken_'.repeat(3).slice(0, 43)}`;
      const answer = await app.inject({ url: `/api/feeds/releases.atom?kind=BMC&token=${token}` });
      expect(answer.statusCode).toBe(404);
      const logged = lines.join('');
      expect(logged).toContain('/api/feeds/releases.atom?kind=BMC&token=[redacted]');
      expect(logged).not.toContain(token);
      expect(logged).not.toContain('S3cretFeedToken');
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
