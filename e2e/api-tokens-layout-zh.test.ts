// Split from api-tokens-layout.test.ts: the API tokens page and its dialog fit the window in Chinese.
import { describe } from 'vitest';
import { itFitsApiTokens } from './support/automation-sections';
import { useConsoleSuite } from './support/console';

describe('API tokens page in Chromium: the layout in Chinese', () => {
  const suite = useConsoleSuite();

  itFitsApiTokens(suite, 'zh-CN');
});
