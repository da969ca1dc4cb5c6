import { describe } from 'vitest';
import { useConsoleSuite } from './support/console';
import { itShowsHomePagePanel } from './support/home-attention';

describe('the attention panel of the landing pages on a phone in Chromium', () => {
  const suite = useConsoleSuite();

  itShowsHomePagePanel(suite, 'phone');
});
