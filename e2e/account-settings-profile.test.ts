import type { Profile } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../apps/server/src/db/seed/seed-data';
import { apiAs } from './support/api';
import { expectMessage, useConsoleSuite, waitForConsole } from './support/console';
import { foreignTexts } from './support/ui-text';

/** A 1x1 PNG: the server checks the bytes, not the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Picks `label` in the antd Select marked `testId`. */
async function choose(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-item-option').filter({ hasText: label }).filter({ visible: true }).click();
}

/** Whether the image inside the antd Avatar `testId` shows fetched bytes (an object URL that loaded). */
async function avatarShowsImage(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((avatar) => {
    const img = avatar.querySelector('img');
    return Boolean(img?.src.startsWith('blob:') && img.complete && img.naturalWidth > 0);
  });
}

describe('account settings in Chromium: the profile', () => {
  const suite = useConsoleSuite();

  it('edits the base information and still shows it after a reload', async () => {
    const page = await suite.openConsole('demo', '/account/settings/base');
    const nickname = page.getByTestId('base-nickname');
    await nickname.waitFor();
    expect(await page.getByTestId('base-email').innerText()).toBe('demo@example.com');

    await nickname.fill('Neo');
    await page.getByTestId('base-name').fill('Thomas Anderson');
    await choose(page, 'base-industry', 'Finance');
    await page.getByTestId('base-submit').click();
    await expectMessage(page, 'Basic information saved');
    // The header follows the new nickname.
    await expect.poll(() => page.getByTestId('current-user').innerText()).toBe('Neo');

    await page.reload();
    await waitForConsole(page);
    await nickname.waitFor();
    expect(await nickname.inputValue()).toBe('Neo');
    expect(await page.getByTestId('base-name').inputValue()).toBe('Thomas Anderson');
    expect(await page.getByTestId('base-company').inputValue()).toBe(DEMO_COMPANY);
    // The industry's name arrives with its dictionary, after the profile: "Loading…" until then.
    await expect.poll(() => page.getByTestId('base-industry').innerText()).toContain('Finance');
  });

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
      // English again, as a retry (and the tests after this one) expect demo's console. Only
      // then: the attempt switched back itself, and a session for it cost a passing attempt a second.
      const api = await apiAs(suite, 'demo');
      const { nickName, name, company, industry } = await api<Profile>('GET', '/sysUser/profile');
      await api('POST', '/sysUser/updateInfo', { nickName, name, company, industry, locale: 'en-US' });
      throw error;
    }
  });

  it('uploads an avatar and previews it here and in the header; refuses what is not an image', async () => {
    const page = await suite.openConsole('demo', '/account/settings/base');
    const fileInput = page.locator('input[type="file"]');
    await page.getByTestId('avatar-upload').waitFor();

    // Named .png but not an image: the server looks at the bytes and says no.
    await fileInput.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image'),
    });
    await expect.poll(() => page.getByTestId('avatar-problem').innerText()).toMatch(/PNG, JPEG, WebP/);
    // Over 2 MB: refused before anything is sent.
    await fileInput.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
    });
    await expect
      .poll(() => page.getByTestId('avatar-problem').innerText())
      .toBe('The image must not be larger than 2 MB');

    await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expectMessage(page, 'Avatar updated');
    await expect.poll(() => avatarShowsImage(page, 'avatar-preview')).toBe(true);
    await expect.poll(() => avatarShowsImage(page, 'user-avatar')).toBe(true);

    await page.reload();
    await waitForConsole(page);
    await expect.poll(() => avatarShowsImage(page, 'avatar-preview')).toBe(true);
  });
});
