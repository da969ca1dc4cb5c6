import { describe } from 'vitest';
import { itFitsFeedsAndWebhooks, useReceiver } from './support/automation-sections';
import { useConsoleSuite } from './support/console';

describe('feeds and webhooks pages in Chromium: the layout in English', () => {
  const suite = useConsoleSuite();
  const receiver = useReceiver();

  itFitsFeedsAndWebhooks(suite, receiver, 'en-US');
});
