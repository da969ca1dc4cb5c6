import { describe, expect, it } from 'vitest';
import { API_TOKENS_PATH, confirmRevoke, statusWith, tokenRow } from './support/automation-sections';
import { expectMessage, PASSWORDS, useConsoleSuite } from './support/console';
import { accessibilityFindings, saveScreenshot } from './support/page-checks';
import { deleteApiTokensSince } from './support/put-back';
import { signInThroughApi } from './support/session';
import { openUserDetailTab } from './support/system-app';

// Split from api-tokens-lifecycle.test.ts: staff revoking a customer's token from the users page.
describe("API tokens in Chromium: staff revoking a customer's token", () => {
  const suite = useConsoleSuite();

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
