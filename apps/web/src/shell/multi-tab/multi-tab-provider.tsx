import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate, useNavigationType } from 'react-router';
import { MultiTabContext, type MultiTabState, useFullPath } from './multi-tab-context';
import { isInPlaceReplace, openTab, reduceTabs, renameTab, type TabAction } from './tab-rules';

interface MultiTabProviderProps {
  /**
   * The multi-tab setting. While off nothing is tracked, so switching it on starts a fresh bar
   * with the current page instead of every page visited meanwhile. Defaults to on.
   */
  enabled?: boolean;
  children: ReactNode;
}

interface Tracked {
  tabs: readonly string[];
  /** The location the list was last brought up to date with; null while tracking is off. */
  seen: string | null;
}

/** Holds the open tabs for `MultiTabBar` and `KeepAliveOutlet`; must sit inside the router. */
export function MultiTabProvider({ enabled = true, children }: MultiTabProviderProps) {
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const activeKey = useFullPath();
  const wanted = enabled ? activeKey : null;
  const [tracked, setTracked] = useState<Tracked>(() => ({
    tabs: wanted === null ? [] : [wanted],
    seen: wanted,
  }));

  // Opening happens while rendering (React's "adjust state on prop change" pattern), so the bar
  // and the outlet never paint a location without its tab. It reacts to location *changes*
  // only: after the active tab closes, the old location lingers until the navigation to the
  // remaining tab commits, and it must not be reopened in between. A page that rewrites its own
  // query with `replace` (filters in the address) renames its tab instead of opening one per change.
  if (tracked.seen !== wanted) {
    setTracked({ tabs: nextTabs(tracked, wanted, navigationType), seen: wanted });
  }

  const value = useMemo<MultiTabState>(
    () => ({
      tabs: tracked.tabs,
      activeKey,
      apply(action: TabAction) {
        const outcome = reduceTabs(tracked.tabs, activeKey, action);
        if (outcome.tabs !== tracked.tabs) setTracked((current) => ({ ...current, tabs: outcome.tabs }));
        if (outcome.navigateTo !== undefined) void navigate(outcome.navigateTo);
        return outcome.warning;
      },
    }),
    [tracked.tabs, activeKey, navigate],
  );

  return <MultiTabContext.Provider value={value}>{children}</MultiTabContext.Provider>;
}

/** The open tabs once the location is `wanted` (null: tracking is off). */
function nextTabs({ tabs, seen }: Tracked, wanted: string | null, navigationType: string): readonly string[] {
  if (wanted === null) return [];
  if (seen !== null && isInPlaceReplace(navigationType, seen, wanted)) return renameTab(tabs, seen, wanted);
  return openTab(tabs, wanted);
}
