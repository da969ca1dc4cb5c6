import { request as playwrightRequest } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseLanguage, expectMessage, useConsoleSuite } from './support/console';
import { confirmPopup, openSystemPage } from './support/system-app';

describe('staff users, audit log and dashboard in Chromium', () => {
  const suite = useConsoleSuite();

  it('creates a user who can sign in, freezes them (sign-in refused) and finds it in the audit log', async () => {
    const account = `ops_${Date.now() % 1_000_000}`;
    const password = 'Ops#Pass2026';
    const page = await openSystemPage(suite, 'admin', '/system/user');
    await page.getByTestId('user-new').click();
    await page.getByTestId('user-account').fill(account);
    await page.getByTestId('user-password').fill(password);
    await page.getByTestId('user-nickname').fill('Ops');
    await page.getByTestId('user-email').fill(`${account}@example.com`);
    await page.getByTestId('user-save').click();
    await expectMessage(page, 'Saved');

    const signIn = async () => {
      const api = await playwrightRequest.newContext();
      try {
        await api.get(`${suite.portal.url}/api/captcha.jpg`);
        const answer = await api.post(
          `${suite.portal.url}/api/login?code=${suite.portal.latestCaptcha()}&locale=en-US`,
          {
            data: { account, password },
          },
        );
        return (await answer.json()) as { success: boolean; message: string };
      } finally {
        await api.dispose();
      }
    };
    expect((await signIn()).success).toBe(true);

    await page.getByTestId('user-search').locator('input').fill(account);
    await page.getByTestId('user-search').locator('input').press('Enter');
    const actions = page.getByTestId(`user-actions-${account}`);
    await actions.getByRole('button', { name: 'Freeze' }).click();
    await confirmPopup(page);
    await expectMessage(page, 'Frozen');
    await page.getByTestId('users-table').getByText('Frozen', { exact: true }).waitFor();
    const refused = await signIn();
    expect(refused.success).toBe(false);
    expect(refused.message).toMatch(/frozen/i);

    await page.goto(`${suite.portal.url}/system/audit`);
    await page.getByTestId('audit-search').locator('input').fill('user.freeze');
    await page.getByTestId('audit-search').locator('input').press('Enter');
    // The action is named in the reader's language, never by its code.
    // The unfiltered list also holds the freeze (under the refused sign-in), so wait until
    // every row is a freeze: only then has the search been applied.
    const rows = page.getByTestId('audit-table').locator('tbody tr.ant-table-row');
    await expect
      .poll(
        async () => {
          const texts = await rows.allInnerTexts();
          return texts.length > 0 && texts.every((text) => text.includes('User frozen'));
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(await page.getByTestId('audit-table').innerText()).not.toContain('user.freeze');
    expect(await page.getByTestId('audit-table').innerText()).toContain('admin');
    // The detail is labelled fields, not JSON (issue 18 §3).
    const detail = await page.getByTestId('audit-detail').first().innerText();
    expect(detail).toContain(`Account: ${account}`);
    expect(detail).not.toContain('{');
  });

  it('draws the dashboard charts from the records, in both languages', async () => {
    const page = await openSystemPage(suite, 'admin', '/system/dashboard');
    const downloads = page.getByTestId('chart-downloads');
    await downloads.waitFor();
    expect(await downloads.locator('rect').count()).toBe(30);
    // The admin's own sign-in of this test is in today's bar.
    const signIns = page.getByTestId('chart-signins').locator('g[data-value]').last();
    expect(Number(await signIns.getAttribute('data-value'))).toBeGreaterThan(0);
    await page.getByText('Last 7 days').click();
    await expect.poll(() => downloads.locator('rect').count()).toBe(7);
    await chooseLanguage(page, 'zh-CN');
    await page.getByText('每日下载').waitFor();
    expect(await page.getByTestId('dashboard-page').innerText()).toContain('登录失败');
  });
});
