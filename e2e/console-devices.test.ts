import { describe, expect, it } from 'vitest';
import {
  closeSettings,
  menuEntries,
  MOBILE,
  openSettings,
  pathOf,
  TABLET,
  useConsoleSuite,
  waitForConsole,
} from './support/console';
import { VIEWPORTS } from './support/page-checks';
import { CUSTOMER_MENU } from './support/ui-text';

describe('the console frame on phones and tablets in Chromium', () => {
  const suite = useConsoleSuite();

  it('puts the menu in a left drawer on a phone; choosing an entry navigates and closes it', async () => {
    const page = await suite.openConsole('demo', '/homePage', VIEWPORTS.phone);
    // No side menu, no top menu, no application tabs: only the toggle.
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    expect(await page.getByTestId('nav-menu-horizontal').count()).toBe(0);
    expect(await page.getByTestId('app-tabs').count()).toBe(0);
    const drawer = page.getByTestId('mobile-menu-drawer');
    expect(await drawer.isVisible()).toBe(false);

    await page.getByTestId('menu-toggle').tap();
    await drawer.waitFor();
    const menu = drawer.getByTestId('nav-menu-inline');
    await menu.getByRole('link', { name: 'Welcome', exact: true }).waitFor();
    expect(await menuEntries(menu)).toEqual(CUSTOMER_MENU['en-US']);
    // A left drawer: it starts at the left edge of the screen.
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);

    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await menu.getByRole('link', { name: 'Welcome', exact: true }).tap();
    await page.getByTestId('welcome-page').waitFor();
    expect(pathOf(page)).toBe('/welcome');
    await drawer.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    // And again, to another page.
    await page.getByTestId('menu-toggle').tap();
    await drawer.waitFor();
    await menu.getByRole('link', { name: 'Firmware', exact: true }).tap();
    await page.waitForURL((url) => url.pathname === '/mirror/custmirrordownload');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('fits a 390px phone without sideways scrolling, also with a long user name', async () => {
    // With the CJK fonts installed the header's buttons are wider: on phones the user button
    // shows the avatar only (the name, up to 120px on larger screens, is left to screen readers).
    const page = await suite.openConsole('admin', '/homePage', VIEWPORTS.phone);
    await page.getByTestId('current-user').getByText('Administrator').waitFor();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      header: document.querySelector('[data-testid="global-header"]')?.scrollWidth,
    }));
    expect(widths).toEqual({ page: MOBILE.width, header: MOBILE.width });
  });

  it('starts a tablet with the side menu collapsed to 80px, and expands it to 208px on demand', async () => {
    const page = await suite.openConsole('demo', '/welcome', { viewport: TABLET });
    // The default layout is the top menu; the side menu is chosen in the drawer.
    await openSettings(page);
    await page.getByTestId('setting-layout-sidemenu').click();
    await closeSettings(page);
    const sideMenu = page.getByTestId('side-menu');
    await expect.poll(async () => (await sideMenu.boundingBox())?.width).toBe(80);

    await page.reload();
    await waitForConsole(page);
    expect(await page.getByTestId('basic-layout').getAttribute('data-layout')).toBe('sidemenu');
    await expect.poll(async () => (await sideMenu.boundingBox())?.width).toBe(80);
    expect(await sideMenu.getAttribute('data-collapsed')).toBe('true');
    // Collapsed: the logo shows its mark only.
    expect(await page.getByTestId('logo-title').count()).toBe(0);

    const toggle = page.getByTestId('menu-toggle');
    expect(await toggle.getAttribute('aria-label')).toBe('Expand menu');
    await toggle.click();
    await expect.poll(async () => (await sideMenu.boundingBox())?.width).toBe(208);
    await page.getByTestId('logo-title').waitFor();
    expect(await toggle.getAttribute('aria-label')).toBe('Collapse menu');
    await sideMenu.getByRole('link', { name: 'Firmware', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/mirror/custmirrordownload');
  });
});
