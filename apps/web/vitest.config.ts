import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * Test files that need modules nobody loaded before them, so they run in a fresh module registry
 * of their own (the `web-isolated` project, vitest.isolated.config.ts); every other file shares
 * its worker's modules. A `vi.mock` applies only where the module is imported after it; a page
 * that loads a part on first use shows its placeholder only until some test has loaded that part.
 */
export const FRESH_MODULE_TEST_FILES = [
  'src/lib/api-failure-reactions.test.ts',
  'src/shell/user-menu-button.test.tsx',
  // Both mock lib/browser-location for the CSAF file page: in a shared worker the page may have
  // been loaded with the other file's mock (or the real module) first, and this file's mock was
  // then never called (CI-AE, twice in one run).
  'src/app/csaf-file-route.test.tsx',
  'src/features/advisories/csaf-file-page.test.tsx',
];

/** The web tests' settings, `isolate` aside. */
export function webTestConfig(test: {
  name: string;
  include: string[];
  exclude: string[];
  isolate: boolean;
}) {
  return mergeConfig(
    viteConfig,
    defineConfig({
      // Tests are started from the repository root; pin the root so `include` is relative to apps/web.
      root: fileURLToPath(new URL('.', import.meta.url)),
      test: {
        ...test,
        environment: 'jsdom',
        setupFiles: ['src/test/setup.ts'],
        clearMocks: true,
        restoreMocks: true,
        // Longer than the waits in src/test/setup.ts, so a slow lazy load fails as a wait, not a timeout.
        testTimeout: 30_000,
      },
    }),
  );
}

/**
 * Test files share a worker's modules and its jsdom (issue 41): a fresh registry and window per
 * file spent more time setting up than testing (in one run, 720 s against 400 s for the project
 * on two workers). src/test/setup.ts puts back, after each test, what a test may leave behind in
 * the window: the DOM, storage and the language.
 */
export default webTestConfig({
  name: 'web',
  include: ['src/**/*.test.{ts,tsx}'],
  exclude: [...configDefaults.exclude, ...FRESH_MODULE_TEST_FILES],
  isolate: false,
});
