import { describe } from 'vitest';
import { useConsoleSuite } from './support/console';
import { itShowsMyServers } from './support/my-servers';

// On a phone: fleet-servers-english-phone.test.ts (issue 41).
describe('my servers in English in Chromium', () => {
  const suite = useConsoleSuite();

  itShowsMyServers(suite, 'en-US', 'desktop');
});
