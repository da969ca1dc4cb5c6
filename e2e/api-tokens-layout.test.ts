import { describe } from 'vitest';
import { API_TOKENS_PATH, createTokenInForm, tokenRow } from './support/automation-sections';
import { useConsoleSuite } from './support/console';
import { expectDialogFitsAndSave, expectPageFitsAndSave, itFitsTheWindow } from './support/page-checks';

describe('API tokens page in Chromium: the layout', () => {
  const suite = useConsoleSuite();

  itFitsTheWindow(suite, API_TOKENS_PATH, 'api-token-form', async (page, locale, device) => {
    // A name of this attempt's own: a retry must not find two rows of the name it waits for.
    const name = `Screens ${locale} ${device} ${Date.now().toString(36)}`;
    const modal = await createTokenInForm(page, name, locale === 'en-US' ? 'Tasks' : '任务');
    await expectDialogFitsAndSave(page, modal, 'api-tokens-modal', locale, device);
    await modal.getByTestId('api-token-created-close').click();
    await modal.waitFor({ state: 'hidden' });
    await tokenRow(page, name).waitFor();
    await expectPageFitsAndSave(page, 'api-tokens', locale, device);
  });
});
