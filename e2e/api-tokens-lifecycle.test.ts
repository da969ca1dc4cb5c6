import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { API_TOKENS_PATH, createTokenInForm, tokenRow } from './support/automation-sections';
import { expectMessage, PASSWORDS, type Portal, useConsoleSuite } from './support/console';
import { accessibilityFindings, saveScreenshot } from './support/page-checks';
import { deleteApiTokensSince } from './support/put-back';
import { signInThroughApi } from './support/session';
import { openUserDetailTab } from './support/system-app';

/** A request with the token, as a script would send it; answers the HTTP status. */
async function statusWith(portal: Portal, token: string, apiPath: string): Promise<number> {
  const answer = await fetch(`${portal.url}${apiPath}`, { headers: { Authorization: `Bearer ${token}` } });
  await answer.arrayBuffer();
  return answer.status;
}

/** Confirms the open "Revoke?" popup. */
async function confirmRevoke(page: Page) {
  await page.getByTestId('api-token-revoke-confirm').filter({ visible: true }).click();
}

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

  it("lets staff see a customer's token in the users page and revoke it", async () => {
    const started = new Date();
    try {
      const request = (await suite.newPage()).context().request;
      const session = await signInThroughApi(request, suite.portal, 'demo', PASSWORDS.demo);
      const created = await request.post(`${suite.portal.url}/api/sysUser/apiTokens`, {
        headers: { Authorization: `Bearer ${session}` },
        data: { name: 'Leaked on a wiki', scopes: ['download'], expiresInDays: 7 },
      });
      const { token } = ((await created.json()) as { data: { token: string } }).data;
      expect(await statusWith(suite.portal, token, '/api/catalog/models')).toBe(403);

      const { page, drawer } = await openUserDetailTab(suite, 'admin', 'demo', 'API tokens');
      const row = tokenRow(drawer, 'Leaked on a wiki');
      await expect.poll(() => row.innerText()).toContain('Download');
      expect(await row.getByTestId('api-token-state').innerText()).toBe('Active');
      expect(await drawer.innerText()).not.toContain(token);
      // The customer's webhooks follow in the same tab (none here).
      await drawer.getByTestId('user-webhooks').getByText('This user has no webhooks').waitFor();
      expect(await accessibilityFindings(page, '.ant-drawer-section')).toEqual([]);
      await saveScreenshot(page, 'api-tokens-staff-en-US-desktop');

      await row.getByRole('button', { name: 'Revoke token Leaked on a wiki' }).click();
      await confirmRevoke(page);
      await expectMessage(page, 'Token revoked');
      await expect
        .poll(() => row.getByTestId('api-token-revoked-reason').innerText())
        .toContain('Revoked by support staff');
      expect(await statusWith(suite.portal, token, '/api/catalog/models')).toBe(401);

      // The owner reads why it stopped.
      const owner = await suite.openConsole('demo', API_TOKENS_PATH);
      await expect
        .poll(() => tokenRow(owner, 'Leaked on a wiki').innerText())
        .toContain('Revoked by support staff');
    } finally {
      // Gone again, so that a retry's token is the only one of its name.
      await deleteApiTokensSince(suite.portal, 'demo', started);
    }
  });
});
