import { describe } from 'vitest';
import { useConsoleSuite } from './support/console';
import { itShowsMyServers } from './support/my-servers';

/**
 * Split from fleet-servers-english.test.ts (issue 41: a file each stays under 20 s on a slow
 * machine): the same journey on a phone, with a portal of its own as before.
 */
describe('my servers in English in Chromium', () => {
  const suite = useConsoleSuite();

  itShowsMyServers(suite, 'en-US', 'phone');
});
