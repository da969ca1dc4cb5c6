import type { NotificationSettings } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { apiAs } from './support/api';
import { expectMessage, isSwitchOn, useConsoleSuite, waitForConsole } from './support/console';

describe('account settings in Chromium: notification preferences', () => {
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
});
