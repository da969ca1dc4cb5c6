import { describe } from 'vitest';
import { itShowsCustomerAdvisories } from './support/advisory-pages';
import { useConsoleSuite } from './support/console';

describe('security advisories in Chinese in Chromium', () => {
  const suite = useConsoleSuite({ shared: true });

  itShowsCustomerAdvisories(suite, 'zh-CN');
});
