// Split from automation-layout.test.ts: the feeds and webhooks pages fit the window in Chinese.
import { describe } from 'vitest';
import { itFitsFeedsAndWebhooks, useReceiver } from './support/automation-sections';
import { useConsoleSuite } from './support/console';

describe('feeds and webhooks pages in Chromium: the layout in Chinese', () => {
  const suite = useConsoleSuite();
  const receiver = useReceiver();

  itFitsFeedsAndWebhooks(suite, receiver, 'zh-CN');
});
