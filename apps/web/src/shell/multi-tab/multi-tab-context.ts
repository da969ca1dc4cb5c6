import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';
import type { TabAction, TabWarning } from './tab-rules';

export interface MultiTabState {
  /** Full paths of the open tabs, in bar order. Empty while multi-tab mode is off. */
  tabs: readonly string[];
  /** Full path of the page shown, i.e. the active tab. */
  activeKey: string;
  /** Applies a tab action (navigating when needed) and returns the warning to show, if any. */
  apply(action: TabAction): TabWarning | undefined;
}

/** Shared by the bar and the keep-alive outlet, which sit in different parts of the layout. */
export const MultiTabContext = createContext<MultiTabState | null>(null);

/** The open tabs; throws outside `MultiTabProvider` so a missing wrapper fails loudly. */
export function useMultiTabs(): MultiTabState {
  return requireProvider(useContext(MultiTabContext));
}

export function requireProvider(state: MultiTabState | null): MultiTabState {
  if (!state) throw new Error('MultiTabBar and KeepAliveOutlet need a <MultiTabProvider> around them');
  return state;
}

/**
 * The full path of the tab a kept page belongs to, set by `KeepAliveOutlet` around each page it
 * keeps; null when multi-tab is off (the page shown is then always the current location).
 */
export const KeptTabContext = createContext<string | null>(null);

/**
 * The full path of the tab this page belongs to (null while multi-tab is off). Two tabs of one
 * path differ only by query, so a page in the background must render its own tab's query, not
 * the location in front; the console's routes read it for that (app/routes/menu-routes.tsx).
 */
export function useKeptTabKey(): string | null {
  return useContext(KeptTabContext);
}

/** Tabs are keyed by path plus query (spec 2); the hash only scrolls within a page. */
export function useFullPath(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}
