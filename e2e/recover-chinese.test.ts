import { describe } from 'vitest';
import { useConsoleSuite } from './support/console';
import { itRecoversPassword } from './support/recovery';

// Split from recover.test.ts: the recovery journey in Chinese, with an account of its own.
describe('password recovery in Chinese in Chromium', () => {
  const suite = useConsoleSuite();

  itRecoversPassword(suite, 'zh-CN');
});
