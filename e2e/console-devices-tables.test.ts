import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeSettings, DESKTOP, MOBILE, openSettings, useConsoleSuite } from './support/console';
import { VIEWPORTS } from './support/page-checks';

/** Phone, tablet and desktop widths of issue 18. */
const WIDTHS = [360, 768, DESKTOP.width] as const;

/**
 * Whether all of `element` can be seen: inside the window and not clipped or covered at its
 * left and right ends (e.g. by a fixed table column). `scroll` first scrolls it into view.
 */
async function isFullyShown(element: Locator, { scroll }: { scroll: boolean }) {
  if (scroll) await element.scrollIntoViewIfNeeded();
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const middle = box.top + box.height / 2;
    const seen = (x: number) => {
      const hit = document.elementFromPoint(x, middle);
      return hit !== null && node.contains(hit);
    };
    return box.left >= 0 && box.right <= window.innerWidth && seen(box.left + 2) && seen(box.right - 2);
  });
}

describe('console tables on phones and tablets in Chromium', () => {
  const suite = useConsoleSuite();

  it('keeps the tasks table actions whole at 360, 768 and 1440 px, and no cell cut short', async () => {
    const page = await suite.openConsole('demo', '/account/center?tab=tasks');
    // The side menu leaves the content 208 px less than the top menu: the narrower desktop.
    await openSettings(page);
    await page.getByTestId('setting-layout-sidemenu').click();
    await closeSettings(page);
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('portal.accessToken') ?? '{}') as { value: string }).value,
    );
    // A finished task with a result has the widest actions: Log and Download result.
    const created = await page.context().request.post(`${suite.portal.url}/api/tasks/mirror`, {
      headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'en-US' },
      data: { by: 'sn', values: 'M7S2U24000101\nM6S1U22000417' },
    });
    expect(created.ok()).toBe(true);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      const row = page.getByTestId('tasks-table').locator('tbody tr.ant-table-row').first();
      await expect
        .poll(() => row.getByTestId('task-status').innerText(), { timeout: 30_000 })
        .toBe('Success');
      // The page itself never scrolls sideways; a wide table scrolls inside its card.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width}px`).toBe(width);
      expect(await row.innerText()).toContain('Firmware bundle by SN');
      // Each cell shows its whole text (the content is cut with an ellipsis and a tooltip).
      const overflowing = await row
        .locator('td')
        .evaluateAll((cells) =>
          cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent),
        );
      expect(overflowing, `${width}px`).toEqual([]);
      // From 768 px the actions stay in view without scrolling; on a phone after scrolling the table.
      for (const action of [row.getByTestId('task-log-open'), row.getByTestId('task-download')]) {
        expect(await isFullyShown(action, { scroll: width < 768 }), `${width}px`).toBe(true);
      }
      const times = await page.getByRole('columnheader', { name: 'Start time' }).count();
      expect(times, `${width}px`).toBe(width < 576 ? 0 : 1);
    }
  });

  it('shows each version whole on a phone, the file details in the expanded row', async () => {
    const page = await suite.openConsole('demo', '/mirror/custmirrordownload', VIEWPORTS.phone);
    const table = page.getByTestId('firmware-table');
    const row = table.locator('tbody tr.ant-table-row').first();
    for (const width of [360, MOBILE.width]) {
      await page.setViewportSize({ width, height: MOBILE.height });
      await page.reload();
      await row.waitFor();
      // Not '4.': name and version are in view, no fixed actions column covers the version.
      const version = row.locator('td').nth(2).getByRole('button');
      expect(await version.innerText()).toMatch(/^\d+\.\d+\.\d+/);
      expect(await isFullyShown(version, { scroll: false }), `${width}px`).toBe(true);
      expect(await isFullyShown(row.getByRole('button', { name: 'Download' }), { scroll: true })).toBe(true);
      expect(await table.getByRole('columnheader', { name: 'File name' }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width}px`).toBe(width);
    }
    await row.getByRole('button', { name: 'Expand row' }).tap();
    const expanded = table.locator('tr.ant-table-expanded-row').first();
    await expanded.getByText('File name').waitFor();
    expect(await expanded.innerText()).toContain('SHA256');
  });
});
