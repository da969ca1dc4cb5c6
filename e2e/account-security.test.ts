import { describe, expect, it } from 'vitest';
import { codeIn, nextMailTo } from './support/account-mail';
import { PASSWORDS, useConsoleSuite } from './support/console';
import { forgetCodesSince, passwordHashOf, restorePassword } from './support/put-back';

const NEW_PASSWORD = 'Changed#E2e45';

describe('account security in Chromium', () => {
  const suite = useConsoleSuite();

  it('changes the password with a mailed code and signs the other sessions out', async () => {
    const started = new Date();
    const password = await passwordHashOf(suite.portal, 'demo');
    try {
      const other = await suite.openConsole('demo', '/homePage');
      const page = await suite.openConsole('demo', '/account/settings/security');
      await page.getByTestId('change-password-form').waitFor();

      await expect.poll(() => page.getByTestId('session-row').count()).toBe(2);

      await page.getByTestId('current-password').fill(PASSWORDS.demo);
      await page.getByTestId('new-password').fill(NEW_PASSWORD);
      await expect.poll(() => page.getByTestId('password-strength').textContent()).toMatch(/High/);
      await page.getByTestId('confirm-password').fill(NEW_PASSWORD);
      const mailsBefore = suite.portal.mails().length;
      await page.getByTestId('get-code-button').click();
      // The mail goes out in the account's stored language, whatever the page's.
      const code = codeIn(await nextMailTo(suite.portal, 'demo@example.com', mailsBefore));
      expect(code).toMatch(/^\d{6}$/);
      // The button counts down before another code can be asked for.
      await expect.poll(() => page.getByTestId('get-code-button').isDisabled()).toBe(true);

      await page.getByTestId('verify-code').fill(code);
      await page.getByTestId('submit-password').click();
      await expect.poll(() => page.getByTestId('session-row').count()).toBe(1);

      // The other browser's session is over: its next request sends it to sign-in.
      await other.reload();
      await other.waitForURL(/\/user\/login/);
      // This one still works.
      await page.reload();
      await page.getByTestId('change-password-form').waitFor();
    } finally {
      // A retry signs in with demo's password, counts its own two sessions and asks for a code
      // at once (inside the resend interval of this attempt's): all put back as found.
      await restorePassword(suite.portal, 'demo', password);
      await forgetCodesSince(suite.portal, 'demo@example.com', started);
    }
  });

  it('lists my sign-in records in the personal center with the paging summary', async () => {
    const page = await suite.openConsole('admin', '/account/center');
    await page.getByRole('tab', { name: /Login records/i }).click();
    const table = page.getByTestId('login-records-table');
    await table.waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('.ant-pagination-total-text').first().textContent())
      .toMatch(/1-\d+ of \d+/);
  });
});
