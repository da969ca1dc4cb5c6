import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { FEEDS_PATH, useReceiver, WEBHOOKS_PATH } from './support/automation-sections';
import { useConsoleSuite } from './support/console';
import {
  expectDialogFitsAndSave,
  expectPageFitsAndSave,
  itFitsTheWindow,
  motionOver,
} from './support/page-checks';

describe('feeds and webhooks pages in Chromium: the layout', () => {
  const suite = useConsoleSuite();
  const receiver = useReceiver();

  itFitsTheWindow(suite, FEEDS_PATH, 'private-feed-status', async (page, locale, device) => {
    await expectPageFitsAndSave(page, 'feeds', locale, device);

    // On to the webhooks as the settings menu goes there (a phone has it above the section), not
    // by loading the console again.
    await page.getByTestId('account-settings-menu').locator(`a[href="${WEBHOOKS_PATH}"]`).click();
    await page.getByTestId('webhook-form').waitFor();
    // An address of this attempt's own: a retry (CI runs a failed test once more) must not find
    // the webhook its first attempt saved, nor two rows where it waits for one.
    const hookUrl = `${receiver.url}/${locale}/${device}-${randomUUID().slice(0, 4)}`;
    await page.getByTestId('webhook-url').fill(hookUrl);
    await page.getByTestId('webhook-events-version.recalled').click();
    await page.getByTestId('webhook-create').click();
    const modal = page.getByRole('dialog');
    await modal.getByTestId('webhook-secret').waitFor();
    await motionOver(page);
    await expectDialogFitsAndSave(page, modal, 'webhooks-secret', locale, device);
    await modal.getByTestId('webhook-created-close').click();
    await modal.waitFor({ state: 'hidden' });
    await page.locator(`[data-testid="webhook-row"][data-url="${hookUrl}"]`).waitFor();
    // Measured once the closing dialog and the new row have stopped moving (CI once measured the
    // page mid-motion on a phone and found it wider for that moment).
    await motionOver(page);
    await expectPageFitsAndSave(page, 'webhooks', locale, device);
  });
});
