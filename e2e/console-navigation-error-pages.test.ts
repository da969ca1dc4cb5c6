// Split from console-navigation.test.ts: the 403, 404 and 500 pages and their way back to the console.
import { describe, expect, it } from 'vitest';
import { PASSWORDS, pathOf, useConsoleSuite } from './support/console';
import { openSignedIn } from './support/session';

describe('console navigation to the error pages in Chromium', () => {
  // It only reads (a sign-in, the error pages, the way back): the shared portal.
  const suite = useConsoleSuite({ shared: true });

  it.each([
    ['403', /no permission to access this page/i],
    ['404', /does not exist or is still under development/i],
    ['500', /something went wrong on the server/i],
  ])('shows the %s page with its message and a way back to the console home', async (status, message) => {
    // The error pages stand alone, outside the console's frame: opened straight away, signed in.
    const page = await suite.newPage();
    await openSignedIn(page, suite.portal, 'demo', PASSWORDS.demo, `/${status}`);
    const errorPage = page.getByTestId(`error-page-${status}`);
    await errorPage.waitFor();
    expect(await errorPage.innerText()).toMatch(message);
    await errorPage.getByRole('button', { name: 'Back to the console' }).click();
    await page.getByTestId('welcome-page').waitFor();
    expect(pathOf(page)).toBe('/welcome');
  });
});
