import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Account, type ConsoleSuite, pathOf } from './console';

/**
 * Opens a page of the staff application `system` at its address: a link to a page of another
 * application switches the console to it (console-navigation.test.ts switches with the header
 * tab). One page load, not a detour through the home page and the tab's landing page.
 */
export async function openSystemPage(suite: ConsoleSuite, account: Account, path: string) {
  const page = await suite.openConsole(account, path);
  expect(pathOf(page)).toBe(path);
  return page;
}

/**
 * Opens, as `account`, the users page's detail drawer of the user `account` of `user` at its
 * tab named `tab` (English UI); answers the page and the drawer.
 */
export async function openUserDetailTab(suite: ConsoleSuite, account: Account, user: string, tab: string) {
  const page = await openSystemPage(suite, account, '/system/user');
  await page.getByTestId('user-search').locator('input').fill(user);
  await page.getByTestId('user-search').locator('input').press('Enter');
  await page.getByTestId(`user-actions-${user}`).getByRole('button', { name: 'Detail' }).click();
  const drawer = page.locator('.ant-drawer-section').filter({ visible: true });
  await drawer.getByRole('tab', { name: tab }).click();
  return { page, drawer };
}

/** Confirms the open antd Popconfirm (its last button: OK, in either language). */
export async function confirmPopup(page: Page) {
  await page.locator('.ant-popconfirm').filter({ visible: true }).getByRole('button').last().click();
}

/** On the publishing page: finds the item `code` by the search box and opens its versions drawer. */
export async function openItemVersions(page: Page, code: string) {
  const search = page.getByTestId('item-search').locator('input');
  await search.fill(code);
  await search.press('Enter');
  await page.getByTestId(`item-versions-${code}`).click();
}

/** The row of `version` in the publishing page's versions drawer. */
export const versionRow = (page: Page, version: string) =>
  page.getByTestId('versions-table').locator('tbody tr.ant-table-row').filter({ hasText: version });
