/**
 * The rules of the multi-tab bar as pure functions, so every edge case is unit-tested without
 * rendering antd. A tab is identified by the full path (pathname + search) of its page; the
 * active tab is always the current location, so the rules never store it, they only say where
 * to navigate when the active tab disappears.
 */

/** Why a close request did nothing; the bar shows it as a translated warning (spec 5, "Tabs"). */
export type TabWarning = 'lastTab' | 'noLeft' | 'noRight';

/** `key` is the tab the request is about: the one whose close button or context menu was used. */
export type TabAction =
  | { type: 'open'; key: string }
  | { type: 'close'; key: string }
  | { type: 'closeLeft'; key: string }
  | { type: 'closeRight'; key: string }
  | { type: 'closeAll'; key: string };

export interface TabOutcome {
  tabs: readonly string[];
  /** Set when the active tab was closed: the last remaining tab, which must become the page shown. */
  navigateTo?: string;
  warning?: TabWarning;
}

/** A new page is appended; a known one keeps its place (clicking it only navigates). */
export function openTab(tabs: readonly string[], key: string): readonly string[] {
  return tabs.includes(key) ? tabs : [...tabs, key];
}

/** The pathname of a tab key (a full path): what stays the same while a page rewrites its query. */
export function pathnameOf(key: string): string {
  const query = key.indexOf('?');
  return query < 0 ? key : key.slice(0, query);
}

/**
 * Whether moving from `fromKey` to `toKey` is a page rewriting its own address (filters, open
 * tab, paging kept in the query with `replace`) rather than opening another page. Such a move
 * renames the tab in place, so the page keeps its place in the bar and its state. PUSH and POP
 * navigations always open (or show) a tab of their own.
 */
export function isInPlaceReplace(navigationType: string, fromKey: string, toKey: string): boolean {
  return navigationType === 'REPLACE' && fromKey !== toKey && pathnameOf(fromKey) === pathnameOf(toKey);
}

/**
 * The tab `fromKey` now shows `toKey`: it keeps its position. If `toKey` is already another open
 * tab, `fromKey` is just dropped so no page is listed twice; if `fromKey` is not open (the bar was
 * empty or it was closed meanwhile), `toKey` is opened as usual.
 */
export function renameTab(tabs: readonly string[], fromKey: string, toKey: string): readonly string[] {
  if (fromKey === toKey) return openTab(tabs, toKey);
  const index = tabs.indexOf(fromKey);
  if (index < 0) return openTab(tabs, toKey);
  if (tabs.includes(toKey)) return tabs.filter((tab) => tab !== fromKey);
  return tabs.map((tab) => (tab === fromKey ? toKey : tab));
}

/** Keeps `remaining` and, if that dropped the active tab, selects the last remaining one. */
function keepOnly(remaining: readonly string[], activeKey: string): TabOutcome {
  const last = remaining.at(-1);
  const activeClosed = !remaining.includes(activeKey) && last !== undefined;
  return activeClosed ? { tabs: remaining, navigateTo: last } : { tabs: remaining };
}

export function closeTab(tabs: readonly string[], activeKey: string, key: string): TabOutcome {
  if (!tabs.includes(key)) return { tabs };
  if (tabs.length <= 1) return { tabs, warning: 'lastTab' };
  return keepOnly(
    tabs.filter((tab) => tab !== key),
    activeKey,
  );
}

export function closeTabsLeftOf(tabs: readonly string[], activeKey: string, key: string): TabOutcome {
  const index = tabs.indexOf(key);
  if (index < 0) return { tabs };
  if (index === 0) return { tabs, warning: 'noLeft' };
  return keepOnly(tabs.slice(index), activeKey);
}

export function closeTabsRightOf(tabs: readonly string[], activeKey: string, key: string): TabOutcome {
  const index = tabs.indexOf(key);
  if (index < 0) return { tabs };
  if (index === tabs.length - 1) return { tabs, warning: 'noRight' };
  return keepOnly(tabs.slice(0, index + 1), activeKey);
}

/** "Close all" keeps the tab it was asked on, so the bar is never empty. */
export function closeOtherTabs(tabs: readonly string[], activeKey: string, key: string): TabOutcome {
  if (!tabs.includes(key)) return { tabs };
  return keepOnly([key], activeKey);
}

/** One entry point for the provider: applies `action` to the open tabs. */
export function reduceTabs(tabs: readonly string[], activeKey: string, action: TabAction): TabOutcome {
  switch (action.type) {
    case 'open':
      return { tabs: openTab(tabs, action.key) };
    case 'close':
      return closeTab(tabs, activeKey, action.key);
    case 'closeLeft':
      return closeTabsLeftOf(tabs, activeKey, action.key);
    case 'closeRight':
      return closeTabsRightOf(tabs, activeKey, action.key);
    case 'closeAll':
      return closeOtherTabs(tabs, activeKey, action.key);
  }
}
