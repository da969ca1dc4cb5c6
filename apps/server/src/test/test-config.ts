/**
 * The settings of every portal a test (or a benchmark) starts, its files in `dataDir`: no captcha,
 * no web build, no background workers (jobs run when the test calls `runUntilIdle()`, so tests
 * decide when), no wait for a load balancer on close, and no free-space reserve (test folders
 * live on whatever disk /tmp is; the disk-full tests set their own). A test's own go over them.
 */
export function testPortalEnv(dataDir: string): Record<string, string> {
  return {
    CAPTCHA: 'off',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
    TASK_WORKERS: '0',
    WEBHOOK_WORKERS: '0',
    SHUTDOWN_DRAIN_MS: '0',
    DATA_DIR_RESERVE_MB: '0',
  };
}
