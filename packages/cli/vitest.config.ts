import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'cli',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The end-to-end tests start a real portal and run the CLI as child processes.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
