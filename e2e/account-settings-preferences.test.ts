import type { NotificationSettings } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { apiAs } from './support/api';
import {
  expectMessage,
  isSwitchOn,
  openSettings,
  storedDisplaySettings,
  useConsoleSuite,
  waitForConsole,
} from './support/console';
import { resetDisplayPreferences } from './support/preferences';

describe('account settings in Chromium: display and notification preferences', () => {
  const suite = useConsoleSuite();

  it('saves a notification setting on change', async () => {
    const api = await apiAs(suite, 'demo');
    const before = await api<NotificationSettings>('GET', '/sysUser/notificationSettings');
    try {
      const page = await suite.openConsole('demo', '/account/settings/notification');
      const taskMail = 'notify-taskFinished-email';
      await page.getByTestId(taskMail).waitFor();
      expect(await isSwitchOn(page, taskMail)).toBe(false);
      await page.getByTestId(taskMail).click();
      await expectMessage(page, 'Notification settings saved');

      await page.reload();
      await waitForConsole(page);
      await page.getByTestId(taskMail).waitFor();
      expect(await isSwitchOn(page, taskMail)).toBe(true);
      expect(await isSwitchOn(page, 'notify-securityAdvisories-email')).toBe(true);
    } finally {
      // As found, so that a retry finds the task mail off again.
      await api('PUT', '/sysUser/notificationSettings', before);
    }
  });

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
