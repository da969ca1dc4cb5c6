import { describe, expect, it } from 'vitest';
import { fullPathOf, MOBILE, openTabs, useConsoleSuite } from './support/console';
import { DEFAULT_PREFERENCES, resetDisplayPreferences, saveDisplayPreferences } from './support/preferences';

describe('catalogue in Chromium: the firmware list', () => {
  const suite = useConsoleSuite();

  it('keeps the firmware filters in the address: a reload or a shared link shows the same list, one tab per filtered list', async () => {
    await saveDisplayPreferences(suite, 'demo', { ...DEFAULT_PREFERENCES, multiTab: true });
    try {
      const page = await suite.openConsole('demo', '/mirror/custmirrordownload');
      await page.getByTestId('multi-tab-bar').waitFor();
      const table = page.getByTestId('firmware-table');
      const rowTexts = (on = page) =>
        on.getByTestId('firmware-table').locator('tbody tr.ant-table-row').allInnerTexts();
      const versions = async (on = page) =>
        (await rowTexts(on)).map((text) => text.match(/\b\d\.\d\.\d\b/)?.[0]).sort();
      const tabTitle = (key: string) =>
        page.getByTestId('multi-tab-bar').locator(`[data-tab-key="${key}"]`).innerText();
      await table.locator('tbody tr.ant-table-row').first().waitFor();

      // A kind, and a search typed without Enter: it goes into the address once typing rests.
      await page.getByTestId('firmware-kind').getByText('BIOS', { exact: true }).click();
      const search = page.getByTestId('firmware-search').locator('input');
      await search.pressSequentially('M6');
      await page.waitForURL(
        (url) => url.searchParams.get('kind') === 'BIOS' && url.searchParams.get('q') === 'M6',
      );
      await expect.poll(() => versions()).toEqual(['5.0.1', '5.1.0', '5.1.2']);
      const listed = await rowTexts();
      expect(listed.every((text) => text.includes('M6 BIOS firmware'))).toBe(true);
      // Each change renamed the page's tab instead of opening one per address; its title says
      // the list is filtered, and how.
      const filteredPath = fullPathOf(page);
      expect(await openTabs(page)).toEqual([filteredPath]);
      expect(await tabTitle(filteredPath)).toBe('Firmware (filtered: BIOS, “M6”)');

      await page.reload();
      await expect.poll(() => rowTexts()).toEqual(listed);
      expect(await search.inputValue()).toBe('M6');
      const selectedKind = page.getByTestId('firmware-kind').locator('.ant-segmented-item-selected');
      expect(await selectedKind.innerText()).toBe('BIOS');
      expect(fullPathOf(page)).toBe(filteredPath);
      expect(await openTabs(page)).toEqual([filteredPath]);

      // The address as a bookmark or a shared link: another browser shows the same list.
      const other = await suite.openConsole('demo', filteredPath);
      await expect.poll(() => rowTexts(other)).toEqual(listed);
      expect(await other.getByTestId('firmware-search').locator('input').inputValue()).toBe('M6');

      // The menu opens the list again in a tab of its own, filtered otherwise: two tabs, two titles.
      await page
        .getByTestId('nav-menu-horizontal')
        .getByRole('link', { name: 'Firmware', exact: true })
        .click();
      await page.waitForURL((url) => url.search === '');
      // The new tab's page is there, the first one hidden behind it (until then, the one shown
      // may still be the first).
      await expect.poll(() => page.getByTestId('firmware-kind').count()).toBe(2);
      await page
        .getByTestId('firmware-kind')
        .filter({ visible: true })
        .getByText('BMC', { exact: true })
        .click();
      await page.waitForURL((url) => url.searchParams.get('kind') === 'BMC');
      const bmcPath = fullPathOf(page);
      // The address changes first, the bar with the next render.
      await expect.poll(() => openTabs(page)).toEqual([filteredPath, bmcPath]);
      expect(await tabTitle(bmcPath)).toBe('Firmware (filtered: BMC)');
      const shown = () => page.getByTestId('firmware-table').filter({ visible: true });
      const shownRows = () => shown().locator('tbody tr.ant-table-row').allInnerTexts();
      await expect
        .poll(async () => {
          const texts = await shownRows();
          return texts.length > 0 && texts.every((text) => / BMC firmware/.test(text));
        })
        .toBe(true);
      const bmcRows = await shownRows();

      // Each tab shows its own list, the one behind kept as it was.
      await page.getByTestId('multi-tab-bar').locator(`[data-tab-key="${filteredPath}"]`).click();
      await page.waitForURL((url) => url.searchParams.get('q') === 'M6');
      await expect.poll(() => shownRows()).toEqual(listed);
      const shownSearch = () =>
        page.getByTestId('firmware-search').filter({ visible: true }).locator('input');
      await expect.poll(() => shownSearch().inputValue()).toBe('M6');
      await page.getByTestId('multi-tab-bar').locator(`[data-tab-key="${bmcPath}"]`).click();
      await page.waitForURL((url) => url.searchParams.get('kind') === 'BMC');
      await expect.poll(() => shownRows()).toEqual(bmcRows);
      expect(await shownSearch().inputValue()).toBe('');
      expect(await openTabs(page)).toEqual([filteredPath, bmcPath]);
    } finally {
      await resetDisplayPreferences(suite, 'demo');
    }
  });

  it('fits the firmware table and the version detail on a phone', async () => {
    const page = await suite.openConsole('demo', '/mirror/custmirrordownload', {
      viewport: MOBILE,
      isMobile: true,
      hasTouch: true,
    });
    const table = page.getByTestId('firmware-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    // The page itself does not scroll sideways: the table scrolls inside its own box.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      table: document.querySelector('[data-testid="firmware-table"] .ant-table-content')?.scrollWidth ?? 0,
    }));
    expect(widths.page).toBe(MOBILE.width);
    expect(widths.table).toBeGreaterThan(MOBILE.width);

    await table.locator('tbody tr.ant-table-row').first().getByRole('button', { name: 'Details' }).tap();
    await page.getByTestId('detail-sha256').waitFor();
    const drawer = await page.locator('.ant-drawer-content-wrapper').boundingBox();
    expect(Math.round(drawer?.width ?? 0)).toBe(MOBILE.width);
  });
});
