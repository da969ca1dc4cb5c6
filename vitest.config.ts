import { defineConfig } from 'vitest/config';

/** `npm test` runs every project: server (PGlite + PostgreSQL), web (jsdom) and e2e (Chromium). */
export default defineConfig({
  test: {
    projects: [
      'packages/contract/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'e2e/vitest.config.ts',
    ],
  },
});
