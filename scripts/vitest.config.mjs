import { defineConfig } from 'vitest/config';

/** The repository's own scripts (build-stamp.mjs): plain Node, no build. */
export default defineConfig({
  test: { name: 'scripts', environment: 'node', include: ['*.test.mjs'] },
});
