import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/postgres-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Portals the tests start as processes seed the demo with files of a few KB, not MB.
    env: { DEMO_FILE_MB: '0' },
  },
});
