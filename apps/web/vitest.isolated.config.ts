import { configDefaults } from 'vitest/config';
import { FRESH_MODULE_TEST_FILES, webTestConfig } from './vitest.config.ts';

/** The web test files that need a fresh module registry each (see vitest.config.ts). */
export default webTestConfig({
  name: 'web-isolated',
  include: FRESH_MODULE_TEST_FILES,
  exclude: configDefaults.exclude,
  isolate: true,
});
