import { describe } from 'vitest';
import { itFitsApiTokens } from './support/automation-sections';
import { useConsoleSuite } from './support/console';

describe('API tokens page in Chromium: the layout in English', () => {
  const suite = useConsoleSuite();

  itFitsApiTokens(suite, 'en-US');
});
