import { defineConfig } from 'vitest/config';
import { nativeTypeScript } from '../../scripts/vitest-native.mjs';

export default defineConfig({
  test: {
    name: 'server',
    ...nativeTypeScript,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // In this order: the second prepares a portal's folder, which copies the first's new PGlite folder.
    globalSetup: ['src/test/postgres-global-setup.ts', 'src/test/demo-off-folder-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Test files share a worker's modules (issue 41): importing the portal anew for every file
    // took ~7 s of a quiet core per file, 40 % of the server project's CPU time. No test here mocks
    // modules or changes process-wide state (env, timers, cwd); each builds its own app, database
    // and clock.
    isolate: false,
    // Portals the tests start as processes seed the demo with files of a few KB, not MB.
    env: { DEMO_FILE_MB: '0' },
  },
});
