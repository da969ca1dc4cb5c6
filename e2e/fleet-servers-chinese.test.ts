import { describe } from 'vitest';
import { useConsoleSuite } from './support/console';
import { itShowsMyServers } from './support/my-servers';

describe('my servers in Chinese in Chromium', () => {
  const suite = useConsoleSuite();

  itShowsMyServers(suite, 'zh-CN');
});
