import { defineConfig } from 'vitest/config';
import { nativeTypeScript } from '../../scripts/vitest-native.mjs';

export default defineConfig({
  test: {
    name: 'bmc-sim',
    ...nativeTypeScript,
    environment: 'node',
    include: ['**/*.test.ts'],
    // Each BMC makes its certificate with openssl; the interoperability tests run redfishtool and sushy.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
