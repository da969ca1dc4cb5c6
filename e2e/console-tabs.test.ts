import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  closeSettings,
  isSwitchOn,
  openSettings,
  openTabs,
  pathOf,
  useConsoleSuite,
} from './support/console';
import { resetDisplayPreferences } from './support/preferences';

type TabMenuEntry = 'close-current' | 'close-right' | 'close-left' | 'close-all';

/**
 * Right-clicks the tab of `key` and chooses `entry` in its context menu. A context menu placed
 * at the pointer closes on any scroll (antd's rule), and Playwright scrolls to reach an item it
 * finds covered while the menu is still moving in (seen under loaded CI runs, behind the fixed
 * header or the page): the click waits for the menu's opening animation to end, and the menu is
 * opened again on failure, at most three times.
 */
async function useTabMenu(page: Page, key: string, entry: TabMenuEntry) {
  const item = page.getByTestId(`tab-menu-${entry}`).filter({ visible: true });
  for (let attempt = 1; ; attempt += 1) {
    await page.getByTestId('multi-tab-bar').locator(`[data-tab-key="${key}"]`).click({ button: 'right' });
    try {
      // Until its opening animation ends the menu is still small: a click aimed at the item's
      // final box hits the page below, and the scroll Playwright then tries closes the menu.
      await page.waitForFunction(
        () => {
          const open = Array.from(document.querySelectorAll('.ant-dropdown')).filter(
            (menu) => !menu.classList.contains('ant-dropdown-hidden'),
          );
          return open.length > 0 && open.every((menu) => !/-(appear|enter)\b/.test(menu.className));
        },
        undefined,
        { timeout: 5_000 },
      );
      await item.click({ timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
      await item.waitFor({ state: 'hidden' });
    }
  }
  await item.waitFor({ state: 'hidden' });
}

/** Opens a page through the top menu: a client-side navigation. */
async function openFromMenu(page: Page, title: string, path: string) {
  await page.getByTestId('nav-menu-horizontal').getByRole('link', { name: title, exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
  await page.locator(`[data-tab-key="${path}"]`).waitFor();
}

/**
 * Chooses a menu entry that only warns (nothing changes, so it may be chosen again) and waits
 * for its warning. A right-click that lands while the previous menu is still closing opens no
 * menu of its own: the warning then never comes, and the entry is chosen once more.
 */
async function expectWarning(page: Page, key: string, entry: TabMenuEntry, text: string) {
  for (let attempt = 1; ; attempt += 1) {
    await useTabMenu(page, key, entry);
    try {
      await page
        .locator('.ant-message-notice')
        .getByText(text, { exact: true })
        .first()
        .waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

describe('multi-tab bar in Chromium', () => {
  const suite = useConsoleSuite();

  it('opens menu pages as tabs and applies the context menu rules with their messages', async () => {
    try {
      const page = await suite.openConsole('demo', '/homePage');
      expect(await page.getByTestId('multi-tab-bar').count()).toBe(0);

      await openSettings(page);
      await page.getByTestId('setting-multi-tab').click();
      await expect.poll(() => isSwitchOn(page, 'setting-multi-tab')).toBe(true);
      await closeSettings(page);
      await page.getByTestId('multi-tab-bar').waitFor();
      expect(await openTabs(page)).toEqual(['/homePage']);

      // Marks this document: a reload while opening pages would lose it.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await openFromMenu(page, 'Welcome', '/welcome');
      await openFromMenu(page, 'Firmware', '/mirror/custmirrordownload');
      await openFromMenu(page, 'Software', '/tools/toolsdownload');
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
      const all = ['/homePage', '/welcome', '/mirror/custmirrordownload', '/tools/toolsdownload'];
      expect(await openTabs(page)).toEqual(all);
      expect(await page.getByTestId('multi-tab-bar').locator('.ant-tabs-tab-active').innerText()).toBe(
        'Software',
      );

      // Clicking a tab shows its page again, still without a reload.
      await page.getByTestId('multi-tab-bar').locator('[data-tab-key="/welcome"]').click();
      await page.waitForURL((url) => url.pathname === '/welcome');
      await page.getByTestId('welcome-page').waitFor();
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

      // Warnings leave the bar and the page alone.
      await expectWarning(page, '/homePage', 'close-left', 'No tabs on the left');
      await expectWarning(page, '/tools/toolsdownload', 'close-right', 'No tabs on the right');
      expect(await openTabs(page)).toEqual(all);
      expect(pathOf(page), 'a context-menu action must not activate the tab it was opened on').toBe(
        '/welcome',
      );

      // The menu acts on the tab it was opened on: closing another tab keeps the page shown.
      await useTabMenu(page, '/homePage', 'close-current');
      await expect.poll(() => openTabs(page)).toEqual(all.slice(1));
      expect(pathOf(page)).toBe('/welcome');

      // Closing left of the firmware tab drops the active /welcome tab: the last remaining one opens.
      await useTabMenu(page, '/mirror/custmirrordownload', 'close-left');
      await expect.poll(() => openTabs(page)).toEqual(['/mirror/custmirrordownload', '/tools/toolsdownload']);
      await expect.poll(() => pathOf(page)).toBe('/tools/toolsdownload');

      await useTabMenu(page, '/mirror/custmirrordownload', 'close-all');
      await expect.poll(() => openTabs(page)).toEqual(['/mirror/custmirrordownload']);
      await expect.poll(() => pathOf(page)).toBe('/mirror/custmirrordownload');
      await page.getByTestId('firmware-download').getByText('Firmware download').first().waitFor();

      await expectWarning(
        page,
        '/mirror/custmirrordownload',
        'close-current',
        'This is the last tab and cannot be closed',
      );
      expect(await openTabs(page)).toEqual(['/mirror/custmirrordownload']);
      expect(pathOf(page)).toBe('/mirror/custmirrordownload');
    } finally {
      // The multi-tab switch is saved for demo on the server: a retry must start without the bar.
      await resetDisplayPreferences(suite, 'demo');
    }
  });

  it('shows the tab messages in Chinese after switching the language', async () => {
    // The previous test's drawer changes were saved for demo on the server.
    await resetDisplayPreferences(suite, 'demo');
    const page = await suite.openConsole('demo', '/welcome');
    await openSettings(page);
    await page.getByTestId('setting-multi-tab').click();
    await closeSettings(page);
    await page.getByTestId('multi-tab-bar').waitFor();

    await chooseLanguage(page, 'zh-CN');
    await page.getByTestId('nav-menu-horizontal').getByRole('link', { name: '首页', exact: true }).waitFor();
    await expectWarning(page, '/welcome', 'close-left', '左侧没有标签');
    await expectWarning(page, '/welcome', 'close-right', '右侧没有标签');
    await expectWarning(page, '/welcome', 'close-current', '这是最后一个标签了, 无法被关闭');
    expect(await openTabs(page)).toEqual(['/welcome']);
    // The context menu itself is translated too.
    await page.locator('[data-tab-key="/welcome"]').click({ button: 'right' });
    const labels: string[] = [];
    for (const entry of ['close-current', 'close-right', 'close-left', 'close-all']) {
      labels.push(await page.getByTestId(`tab-menu-${entry}`).filter({ visible: true }).innerText());
    }
    expect(labels).toEqual(['关闭当前标签', '关闭右侧', '关闭左侧', '关闭全部']);
  });
});
