import { describe, expect, it } from 'vitest';
import {
  expectMessage,
  isSwitchOn,
  openSettings,
  storedDisplaySettings,
  useConsoleSuite,
} from './support/console';
import { resetDisplayPreferences } from './support/preferences';

// Split from account-settings-preferences.test.ts: display preferences are kept on the server,
// so another browser of the same user starts from them, and a reset there reaches the next one.
describe('account settings in Chromium: display preferences', () => {
  const suite = useConsoleSuite();

  it('keeps display preferences on the server: a fresh browser signed in as the same user gets them', async () => {
    try {
      const page = await suite.openConsole('demo', '/welcome');
      await openSettings(page);
      const saved = page.waitForResponse(
        (response) =>
          response.url().includes('/api/sysUser/preferences') && response.request().method() === 'PUT',
      );
      await page.getByTestId('setting-theme-dark').click();
      await page.getByTestId('setting-multi-tab').click();
      await saved;

      // Another browser: nothing stored locally, the server's copy applies.
      const fresh = await suite.openConsole('demo', '/account/settings/custom');
      await fresh.getByTestId('multi-tab-bar').waitFor();
      await expect
        .poll(() => fresh.getByTestId('custom-sync-status').getAttribute('data-status'))
        .toBe('saved');
      expect(await fresh.getByTestId('custom-value-navTheme').innerText()).toBe('Dark menu');
      expect(await fresh.getByTestId('custom-value-multiTab').innerText()).toBe('On');
      expect(await storedDisplaySettings(fresh)).toMatchObject({ navTheme: 'dark', multiTab: true });
      await fresh.getByTestId('custom-open-drawer').click();
      await expect.poll(() => isSwitchOn(fresh, 'setting-multi-tab')).toBe(true);
      await fresh.keyboard.press('Escape');

      // Back to the defaults, for this browser and the next one.
      await fresh.getByTestId('custom-reset').click();
      await fresh.getByTestId('custom-reset-ok').click();
      await expectMessage(fresh, 'Display settings saved to your account');
      await fresh.getByTestId('multi-tab-bar').waitFor({ state: 'detached' });
      const third = await suite.openConsole('demo', '/welcome');
      expect(await third.getByTestId('multi-tab-bar').count()).toBe(0);
      expect(await storedDisplaySettings(third)).toMatchObject({ navTheme: 'light', multiTab: false });
    } finally {
      // The defaults again, should the attempt fail before its own reset: a retry toggles from them.
      await resetDisplayPreferences(suite, 'demo');
    }
  });
});
