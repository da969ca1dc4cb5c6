import type { DisplayPreferences } from '@portal/contract';
import { type Account, type ConsoleSuite, PASSWORDS } from './console';
import { signInThroughApi } from './session';

/** Spec 4 defaults (the web app's DEFAULT_DISPLAY_SETTINGS). */
export const DEFAULT_PREFERENCES: DisplayPreferences = {
  navTheme: 'light',
  primaryColor: '#0070e0',
  layout: 'topmenu',
  contentWidth: 'Fluid',
  fixedHeader: true,
  autoHideHeader: false,
  fixSiderbar: false,
  colorWeak: false,
  multiTab: false,
};

/**
 * Display settings follow the user (they are saved on the server), so what one test chose in
 * the drawer greets the next test of the same account in its fresh browser. This puts the
 * defaults back through the API, in a session of its own that it closes again.
 */
export async function resetDisplayPreferences(suite: ConsoleSuite, account: Account): Promise<void> {
  await saveDisplayPreferences(suite, account, DEFAULT_PREFERENCES);
}

/** Saves display settings for `account` through the API, as the drawer would. */
export async function saveDisplayPreferences(
  suite: ConsoleSuite,
  account: Account,
  preferences: DisplayPreferences,
): Promise<void> {
  const { request } = (await suite.newPage()).context();
  const token = await signInThroughApi(request, suite.portal, account, PASSWORDS[account]);
  const headers = { Authorization: `Bearer ${token}` };
  const saved = await request.put(`${suite.portal.url}/api/sysUser/preferences`, {
    headers,
    data: preferences,
  });
  if (!saved.ok()) throw new Error(`saving the display preferences failed: ${await saved.text()}`);
  await request.get(`${suite.portal.url}/api/logout`, { headers });
}
