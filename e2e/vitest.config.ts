import { defineConfig } from 'vitest/config';
import { nativeTypeScript } from '../scripts/vitest-native.mjs';

export default defineConfig({
  test: {
    name: 'e2e',
    ...nativeTypeScript,
    environment: 'node',
    include: ['**/*.test.ts'],
    testTimeout: 60_000,
    // The first file's beforeAll waits for the shared portal's seeding (support/console.ts).
    hookTimeout: 300_000,
    // UI reactions on a busy two-core machine can take more than the default second.
    expect: { poll: { timeout: 10_000 } },
    // One browser and one portal at a time: the machine has two cores.
    fileParallelism: false,
    // One worker process for every file instead of one each: the support modules, playwright-core
    // and the server's whole module graph are loaded once per run, not once per file (13-26 s a
    // file on a loaded machine). Each file still starts its own portal (console.ts) and opens its
    // pages in new contexts of the run's one Chromium (support/chromium.ts), closed after each
    // test, so no state crosses files but what the shared portal holds.
    isolate: false,
    // One demo portal for the files that only read (useConsoleSuite({ shared: true })).
    globalSetup: ['support/shared-portal.ts'],
  },
});
