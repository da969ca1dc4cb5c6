import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { MultiTabContext, type MultiTabState, useFullPath } from './multi-tab-context';
import { openTab, reduceTabs, type TabAction } from './tab-rules';

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
  const activeKey = useFullPath();
  const wanted = enabled ? activeKey : null;
  const [tracked, setTracked] = useState<Tracked>(() => ({
    tabs: wanted === null ? [] : [wanted],
    seen: wanted,
  }));

  // Opening happens while rendering (React's "adjust state on prop change" pattern), so the bar
  // and the outlet never paint a location without its tab. It reacts to location *changes*
  // only: after the active tab closes, the old location lingers until the navigation to the
  // remaining tab commits, and it must not be reopened in between.
  if (tracked.seen !== wanted) {
    setTracked({ tabs: wanted === null ? [] : openTab(tracked.tabs, wanted), seen: wanted });
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
