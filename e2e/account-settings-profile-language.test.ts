import type { Profile } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { apiAs } from './support/api';
import { choose, expectMessage, useConsoleSuite } from './support/console';
import { foreignTexts } from './support/ui-text';

// Split from account-settings-profile.test.ts: the language saved in the base information
// switches the whole interface, server texts included, and back.
describe("account settings in Chromium: the profile's language", () => {
  const suite = useConsoleSuite();

  it('switches the interface to the language saved in the base information, and back', async () => {
    try {
      const page = await suite.openConsole('demo', '/account/settings/base');
      await page.getByTestId('base-nickname').waitFor();
      await choose(page, 'base-locale', '中文');
      await page.getByTestId('base-submit').click();
      await page.locator('html[lang="zh-CN"]').waitFor({ state: 'attached' });
      await expectMessage(page, '基本信息已保存');
      // The server's dictionary follows the language too.
      await expect.poll(() => page.getByTestId('base-industry').innerText()).toMatch(/[\u4e00-\u9fff]/);
      await page.getByText('在安全设置中修改').first().waitFor();
      expect(await foreignTexts(page, 'zh-CN')).toEqual([]);

      await choose(page, 'base-locale', 'English');
      await page.getByTestId('base-submit').click();
      await page.locator('html[lang="en-US"]').waitFor({ state: 'attached' });
      await expectMessage(page, 'Basic information saved');
      // The Chinese toast must be gone before the page is checked for Chinese texts: waited out
      // here, its 3 s partly spent on the switch back, not before it.
      await page.locator('.ant-message-notice', { hasText: '基本信息已保存' }).waitFor({ state: 'detached' });
      expect(await foreignTexts(page, 'en-US')).toEqual([]);
    } catch (error) {
      // English again, as a retry expects demo's console (its portal is this file's own). Only
      // then: the attempt switched back itself, and a session for it cost a passing attempt a second.
      const api = await apiAs(suite, 'demo');
      const { nickName, name, company, industry } = await api<Profile>('GET', '/sysUser/profile');
      await api('POST', '/sysUser/updateInfo', { nickName, name, company, industry, locale: 'en-US' });
      throw error;
    }
  });
});
