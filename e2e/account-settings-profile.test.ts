import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../apps/server/src/db/seed/seed-data';
import { choose, expectMessage, useConsoleSuite, waitForConsole } from './support/console';

/** A 1x1 PNG: the server checks the bytes, not the name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

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
