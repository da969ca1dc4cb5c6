import { Activity, type ReactElement, useContext, useState } from 'react';
import { useOutlet } from 'react-router';
import { MultiTabContext, requireProvider, useFullPath } from './multi-tab-context';

interface KeepAliveOutletProps {
  /** The multi-tab setting; off = a plain outlet. */
  enabled: boolean;
}

/**
 * The page area of the layout. With multi-tab on, every open tab's page stays mounted (hidden
 * while inactive) so forms, scroll positions and table state survive a tab switch; a page is
 * dropped when its tab closes. Switching the setting remounts the current page once.
 */
export function KeepAliveOutlet({ enabled }: KeepAliveOutletProps) {
  const outlet = useOutlet();
  // Read without throwing: with the setting off the outlet must work without a provider.
  const multiTabs = useContext(MultiTabContext);
  if (!enabled) return outlet;
  return <KeptAlivePages outlet={outlet} tabs={requireProvider(multiTabs).tabs} />;
}

interface Cache {
  /** The route element captured for each page, keyed by full path. */
  pages: ReadonlyMap<string, ReactElement>;
  /** The location the cache was last brought up to date with. */
  seen: string;
}

interface KeptAlivePagesProps {
  outlet: ReactElement | null;
  tabs: readonly string[];
}

function KeptAlivePages({ outlet, tabs }: KeptAlivePagesProps) {
  const activeKey = useFullPath();
  const [cache, setCache] = useState<Cache>(() => ({ pages: new Map(), seen: '' }));

  // useOutlet() only yields the element of the current location, so each page's element is
  // captured when its location is entered (the element carries its own route match, so it
  // renders the right page later). Closed tabs are pruned here too. Adjusting state during
  // render keeps the first paint of a new location complete.
  if (cache.seen !== activeKey) {
    const pages = new Map([...cache.pages].filter(([key]) => tabs.includes(key)));
    if (outlet) pages.set(activeKey, outlet);
    setCache({ pages, seen: activeKey });
  }

  // The active page renders from the live outlet so it gets fresh props; the others from the
  // cache. Same key and element type, so React keeps their state either way.
  const keys = tabs.includes(activeKey) ? tabs : [...tabs, activeKey];
  return keys.map((key) => {
    const element = key === activeKey ? outlet : cache.pages.get(key);
    if (!element) return null;
    // <Activity> hides with display:none, keeps state and DOM, and also pauses the hidden
    // page's effects (polling, subscriptions) until its tab is shown again.
    return (
      <Activity key={key} mode={key === activeKey ? 'visible' : 'hidden'}>
        {element}
      </Activity>
    );
  });
}
