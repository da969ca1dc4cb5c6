import { FEED_TOKEN_PREFIX } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { captureLog } from '../../test/log-capture';
import { createTestApp } from '../../test/test-app';

describe('the private feed token in request logs', () => {
  it('is logged as [redacted], whatever the feed answers', async () => {
    const { stream, lines } = captureLog();
    const { app, close } = await createTestApp('pglite', { logTo: stream });
    try {
      const token = `${FEED_TOKEN_PREFIX}${'S3cretFeedToken_'.repeat(3).slice(0, 43)}`;
      const answer = await app.inject({ url: `/api/feeds/releases.atom?kind=BMC&token=${token}` });
      expect(answer.statusCode).toBe(404);
      const logged = lines.join('');
      expect(logged).toContain('/api/feeds/releases.atom?kind=BMC&token=[redacted]');
      expect(logged).not.toContain(token);
      expect(logged).not.toContain('S3cretFeedToken');
    } finally {
      await close();
    }
  }, 60_000);
});
