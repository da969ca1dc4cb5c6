import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EVERY_SETTING_CHANGED } from '../apps/web/src/test/display-settings-fixture';
import {
  closeSettings,
  isSwitchOn,
  openSettings,
  storedDisplaySettings,
  useConsoleSuite,
  waitForConsole,
} from './support/console';
import { resetDisplayPreferences } from './support/preferences';

const PURPLE = { testId: 'setting-color-722ed1', rgb: 'rgb(114, 46, 209)' };

/** Every control of the drawer as the user sees it (the drawer must be open). */
async function drawerState(page: Page) {
  const pressed = async (testId: string) =>
    (await page.getByTestId(testId).getAttribute('aria-pressed')) === 'true';
  const width = page.getByTestId('setting-content-width');
  const swatches = page.locator('[data-testid^="setting-color-"]');
  return {
    darkTheme: await pressed('setting-theme-dark'),
    lightTheme: await pressed('setting-theme-light'),
    pressedColours: await swatches.evaluateAll((buttons) =>
      buttons.filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.dataset.testid),
    ),
    sideMenu: await pressed('setting-layout-sidemenu'),
    topMenu: await pressed('setting-layout-topmenu'),
    fixedWidth: await width.getByRole('radio', { name: 'Fixed' }).isChecked(),
    fluidDisabled: await width.getByRole('radio', { name: 'Fluid' }).isDisabled(),
    fixedHeader: await isSwitchOn(page, 'setting-fixed-header'),
    autoHideHeader: await isSwitchOn(page, 'setting-auto-hide-header'),
    autoHideDisabled: await page.getByTestId('setting-auto-hide-header').isDisabled(),
    fixSiderbar: await isSwitchOn(page, 'setting-fix-siderbar'),
    fixSiderbarDisabled: await page.getByTestId('setting-fix-siderbar').isDisabled(),
    colorWeak: await isSwitchOn(page, 'setting-color-weak'),
    multiTab: await isSwitchOn(page, 'setting-multi-tab'),
  };
}

/** What the changed settings do to the page, read from the DOM and computed styles. */
async function visibleEffects(page: Page) {
  const style = (testId: string, property: string) =>
    page
      .getByTestId(testId)
      .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
  return {
    layout: await page.getByTestId('basic-layout').getAttribute('data-layout'),
    darkSideMenu: await page
      .getByTestId('side-menu')
      .evaluate((e) => e.getAttribute('data-theme') === 'dark'),
    sideMenuWidth: (await page.getByTestId('side-menu').boundingBox())?.width,
    sideMenuPosition: await style('side-menu', 'position'),
    headerPosition: await style('global-header', 'position'),
    contentMaxWidth: await style('page-content', 'max-width'),
    colorWeak: await page.locator('html').evaluate((html) => html.classList.contains('color-weak')),
    multiTabBar: await page.getByTestId('multi-tab-bar').isVisible(),
    // A dark menu marks the page shown with the primary colour.
    selectedMenuColour: await page
      .getByTestId('side-menu')
      .locator('[aria-current="page"]')
      .evaluate((item) => getComputedStyle(item).backgroundColor),
  };
}

const CHANGED_EFFECTS = {
  layout: 'sidemenu',
  darkSideMenu: true,
  sideMenuWidth: 208,
  sideMenuPosition: 'sticky',
  headerPosition: 'sticky',
  contentMaxWidth: '1200px',
  colorWeak: true,
  multiTabBar: true,
  selectedMenuColour: PURPLE.rgb,
};

// Hide-on-scroll of the fixed header: console-settings-fixed-header.test.ts (issue 41).
describe('display settings in Chromium', () => {
  const suite = useConsoleSuite();

  it('applies every setting of the drawer and still applies them after a reload', async () => {
    try {
      const page = await suite.openConsole('demo', '/welcome');
      await openSettings(page);
      // Spec 4 defaults: #0070e0, light, top menu, fluid, fixed header.
      expect(await drawerState(page)).toEqual({
        darkTheme: false,
        lightTheme: true,
        pressedColours: ['setting-color-0070e0'],
        sideMenu: false,
        topMenu: true,
        fixedWidth: false,
        fluidDisabled: false,
        fixedHeader: true,
        autoHideHeader: false,
        autoHideDisabled: false,
        fixSiderbar: false,
        fixSiderbarDisabled: true,
        colorWeak: false,
        multiTab: false,
      });

      await page.getByTestId('setting-theme-dark').click();
      await page.getByTestId(PURPLE.testId).click();
      await page.getByTestId('setting-content-width').locator('label', { hasText: 'Fixed' }).click();
      await page.getByTestId('setting-layout-sidemenu').click();
      await page.getByTestId('side-menu').waitFor();
      // Fixed header off takes hide-on-scroll with it (spec 5); on again, then hide-on-scroll on.
      await page.getByTestId('setting-fixed-header').click();
      await expect.poll(() => page.getByTestId('setting-auto-hide-header').isDisabled()).toBe(true);
      expect(await visibleEffects(page).then((effects) => effects.headerPosition)).not.toBe('sticky');
      await page.getByTestId('setting-fixed-header').click();
      await expect.poll(() => page.getByTestId('setting-auto-hide-header').isDisabled()).toBe(false);
      await page.getByTestId('setting-auto-hide-header').click();
      await page.getByTestId('setting-fix-siderbar').click();
      await page.getByTestId('setting-color-weak').click();
      await page.getByTestId('setting-multi-tab').click();

      const changed = {
        darkTheme: true,
        lightTheme: false,
        pressedColours: [PURPLE.testId],
        sideMenu: true,
        topMenu: false,
        fixedWidth: true,
        fluidDisabled: true,
        fixedHeader: true,
        autoHideHeader: true,
        autoHideDisabled: false,
        fixSiderbar: true,
        fixSiderbarDisabled: false,
        colorWeak: true,
        multiTab: true,
      };
      await expect.poll(() => drawerState(page)).toEqual(changed);
      await expect.poll(() => visibleEffects(page)).toEqual(CHANGED_EFFECTS);
      expect(await storedDisplaySettings(page)).toEqual(EVERY_SETTING_CHANGED);
      await closeSettings(page);

      await page.reload();
      await waitForConsole(page);
      await page.getByTestId('welcome-page').waitFor();
      await expect.poll(() => visibleEffects(page)).toEqual(CHANGED_EFFECTS);
      await openSettings(page);
      expect(await drawerState(page)).toEqual(changed);
    } finally {
      // The drawer's choices are saved for demo on the server: a retry must start from the defaults.
      await resetDisplayPreferences(suite, 'demo');
    }
  });
});
