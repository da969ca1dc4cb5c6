import { defineConfig } from 'vitest/config';

/** `npm test` runs every project: server (PGlite + PostgreSQL), cli (against a real portal), bmc-sim (the simulated BMCs), web (jsdom), e2e (Chromium) and the repository's scripts. */
export default defineConfig({
  test: {
    projects: [
      'packages/contract/vitest.config.ts',
      'packages/cli/vitest.config.ts',
      'tools/bmc-sim/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
      'e2e/vitest.config.ts',
      'scripts/vitest.config.mjs',
    ],
  },
});
