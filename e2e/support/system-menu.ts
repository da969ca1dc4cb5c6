import type { Page } from 'playwright-core';

/**
 * Goes to the staff application's page at `path` as staff do, through the top menu's one group
 * (System management, in either language): the app is not started again as by `page.goto`,
 * which cost about a second a page on a busy machine (issue 41).
 */
export async function openFromSystemMenu(page: Page, path: string) {
  const group = page
    .getByTestId('nav-menu-horizontal')
    .getByRole('button', { name: /^(System management|系统管理)$/ });
  await group.click();
  const popup = page.locator(`#${await group.getAttribute('aria-controls')}`);
  await popup.locator(`a[href="${path}"]`).click();
  await page.waitForURL((url) => url.pathname === path);
}
