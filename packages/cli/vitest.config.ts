import { defineConfig } from 'vitest/config';
import { nativeTypeScript } from '../../scripts/vitest-native.mjs';

export default defineConfig({
  test: {
    name: 'cli',
    ...nativeTypeScript,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // fwportal bundled once from the current sources (the tests run it as customers do), in CI
    // the single executables built from the start, in the background (sea-global-setup.ts,
    // before the next setup so that they build beside it), and the seeded PGlite template the
    // test portals are copied from, made once for the run.
    globalSetup: [
      'src/test/bundle-global-setup.ts',
      'src/test/sea-global-setup.ts',
      '../../apps/server/src/test/pglite-templates-global-setup.ts',
    ],
    // The end-to-end tests start a real portal and run the CLI as child processes.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Test files share a worker's modules (issue 41): importing the portal anew for every file
    // took ~7 s of a quiet core per file, 40 % of the server project's CPU time. No test here mocks
    // modules or changes process-wide state (env, timers, cwd); each builds its own app, database
    // and clock.
    isolate: false,
  },
});
