import { defineConfig } from 'vitest/config';
import { nativeTypeScript } from '../../scripts/vitest-native.mjs';

export default defineConfig({
  test: { name: 'contract', ...nativeTypeScript, environment: 'node', include: ['src/**/*.test.ts'] },
});
