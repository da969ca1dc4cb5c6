import { describe, expect, it } from 'vitest';
import { codeIn, nextMailTo } from './support/account-mail';
import { chooseLanguage, useConsoleSuite } from './support/console';
import { openSystemPage } from './support/system-app';

describe('staff outbox in Chromium', () => {
  const suite = useConsoleSuite();

  it('shows staff the code mail a visitor asked for, with the code masked, in both languages', async () => {
    const address = `outbox-${Date.now()}@example.com`;
    const since = suite.portal.mails().length;
    // A visitor with a captcha answer (its cookie binds the answer to this client).
    const image = await fetch(`${suite.portal.url}/api/captcha.jpg`);
    const cookie = image.headers.get('set-cookie')?.split(';')[0] ?? '';
    const asked = await fetch(
      `${suite.portal.url}/api/auth/emailCode?email=${encodeURIComponent(address)}&code=${suite.portal.latestCaptcha()}`,
      { headers: { cookie } },
    );
    expect(asked.status).toBe(200);
    const code = codeIn(await nextMailTo(suite.portal, address, since));

    const page = await openSystemPage(suite, 'admin', '/system/outbox');
    const row = page
      .getByTestId('outbox-table')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: address });
    await row.waitFor();
    expect(await row.innerText()).toContain('Sent');
    await row.getByRole('button').first().click();
    // Support sees that the mail went out, never the live code.
    const entry = await page.getByTestId('outbox-entry').innerText();
    expect(code).toMatch(/^\d{6}$/);
    expect(entry).not.toContain(code);
    expect(entry).toContain('••••••');

    await chooseLanguage(page, 'zh-CN');
    await expect.poll(() => row.innerText()).toContain('已发送');
    expect(await page.getByTestId('outbox-table').locator('thead').innerText()).toContain('收件人');
  });

  it('does not offer the outbox to a customer', async () => {
    const page = await suite.openConsole('demo', '/system/outbox');
    // Not among a customer's applications: the console sends them to their home page.
    await page.waitForURL(/\/homePage$/);
    await page.getByTestId('app-tab-system').waitFor({ state: 'detached' });
    expect(await page.getByTestId('outbox-page').count()).toBe(0);
  });
});
