import type { Account, ConsoleSuite } from './console';
import { waitForConsole } from './console';

/**
 * Opens a page of the staff application `system`: signs in, switches application with the
 * header tab (the server remembers the active one), then goes to `path`.
 */
export async function openSystemPage(suite: ConsoleSuite, account: Account, path: string) {
  const page = await suite.openConsole(account, '/homePage');
  await page.getByTestId('app-tab-system').click();
  await page.waitForURL(/\/system\/user$/);
  await page.goto(`${suite.portal.url}${path}`);
  await waitForConsole(page);
  return page;
}
