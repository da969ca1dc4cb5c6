import { describe } from 'vitest';
import { useConsoleSuite } from './support/console';
import { itShowsMyServers } from './support/my-servers';

// On a phone: fleet-servers-chinese-phone.test.ts (issue 41).
describe('my servers in Chinese in Chromium', () => {
  const suite = useConsoleSuite();

  itShowsMyServers(suite, 'zh-CN', 'desktop');
});
