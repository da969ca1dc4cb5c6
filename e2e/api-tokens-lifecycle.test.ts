import { describe, expect, it } from 'vitest';
import {
  API_TOKENS_PATH,
  confirmRevoke,
  createTokenInForm,
  statusWith,
  tokenRow,
} from './support/automation-sections';
import { expectMessage, useConsoleSuite } from './support/console';
import { accessibilityFindings } from './support/page-checks';
import { deleteApiTokensSince } from './support/put-back';

describe('API tokens in Chromium', () => {
  const suite = useConsoleSuite();

  it('creates a token shown once, which works for its scope only until revoked in the UI', async () => {
    const started = new Date();
    try {
      const page = await suite.openConsole('demo', API_TOKENS_PATH, {
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      await page.getByTestId('settings-section-apiTokens').waitFor();
      // Reached through the settings menu like its sibling sections.
      expect(
        await page.getByTestId('account-settings-menu').locator(`a[href="${API_TOKENS_PATH}"]`).innerText(),
      ).toBe('API tokens');
      await page.getByTestId('api-tokens-list').getByText('No tokens yet').waitFor();

      await page.getByTestId('api-token-expiry').getByText('30 days').click();
      const modal = await createTokenInForm(page, 'Rack A script', 'Read the catalog');
      expect(await modal.getByRole('alert').innerText()).toContain('It will not be shown again');
      expect(await accessibilityFindings(page, '.ant-modal')).toEqual([]);
      const token = await modal.getByTestId('api-token-secret').inputValue();
      expect(token).toMatch(/^fwp_[\w-]{20,}$/);
      expect(await modal.getByTestId('api-token-example-curl').innerText()).toContain(
        `Authorization: Bearer ${token}`,
      );
      expect(await modal.getByTestId('api-token-example-cli').innerText()).toContain(
        `fwportal login --url ${suite.portal.url} --token-stdin`,
      );
      await modal.getByRole('button', { name: 'Copy token' }).click();
      await expectMessage(page, 'Copied to the clipboard');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

      // The catalog scope opens the catalog; the console never accepts a token.
      expect(await statusWith(suite.portal, token, '/api/catalog/models')).toBe(200);
      expect(await statusWith(suite.portal, token, '/api/getLoginUser')).toBe(403);

      await modal.getByRole('button', { name: 'I have saved the token' }).click();
      await modal.waitFor({ state: 'hidden' });
      // The focus goes back to where it was before the dialog opened.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('api-token-create');
      // Shown once: the list has its first characters, never the secret.
      const row = tokenRow(page, 'Rack A script');
      await expect.poll(() => row.innerText()).toContain('Read the catalog');
      expect(await row.innerText()).toContain(`${token.slice(0, 8)}…`);
      expect(await page.locator('body').innerText()).not.toContain(token);
      // Forgotten once closed, not merely hidden.
      await expect.poll(() => page.getByTestId('api-token-secret').count()).toBe(0);
      await page.reload();
      await row.getByTestId('api-token-state').waitFor();
      // Its last use (the request above) with the address it came from.
      expect(await row.getByTestId('api-token-last-used').innerText()).toContain('127.0.0.1');

      await row.getByRole('button', { name: 'Revoke token Rack A script' }).click();
      await page.getByText('Revoke the token "Rack A script"?').waitFor();
      await confirmRevoke(page);
      await expectMessage(page, 'Token revoked');
      await expect.poll(() => row.getByTestId('api-token-state').innerText()).toBe('Revoked');
      expect(await row.getByTestId('api-token-revoked-reason').innerText()).toContain('Revoked by you');
      expect(await row.getByTestId('api-token-revoke').count()).toBe(0);
      expect(await statusWith(suite.portal, token, '/api/catalog/models')).toBe(401);
    } finally {
      // A revoked token stays listed: gone again, a retry finds "No tokens yet".
      await deleteApiTokensSince(suite.portal, 'demo', started);
    }
  });
});
