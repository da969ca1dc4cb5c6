import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    // Tests are started from the repository root; pin the root so `include` is relative to apps/web.
    root: fileURLToPath(new URL('.', import.meta.url)),
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      clearMocks: true,
      restoreMocks: true,
      // Longer than the waits in src/test/setup.ts, so a slow lazy load fails as a wait, not a timeout.
      testTimeout: 30_000,
    },
  }),
);
