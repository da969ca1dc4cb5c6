import { DEFAULT_DISPLAY_PREFERENCES, type DisplayPreferences } from '@portal/contract';
import { type Account, type ConsoleSuite, PASSWORDS } from './console';
import { signInThroughApi } from './session';

/** Spec 4 defaults (the contract's, which the web app starts from): what a reset puts back. */
export const DEFAULT_PREFERENCES = DEFAULT_DISPLAY_PREFERENCES;

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
