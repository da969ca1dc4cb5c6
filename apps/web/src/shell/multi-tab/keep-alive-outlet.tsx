import { Activity, type ReactElement, useContext, useState } from 'react';
import { useNavigationType, useOutlet } from 'react-router';
import { KeptTabContext, MultiTabContext, requireProvider, useFullPath } from './multi-tab-context';
import { isInPlaceReplace } from './tab-rules';

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

interface KeptPage {
  /** React key of the page: stays the same when its tab is renamed, so the page is not remounted. */
  id: number;
  /** The route element captured when the page was last shown. */
  element: ReactElement;
}

interface Cache {
  /** The kept pages, keyed by the full path of their tab. */
  pages: ReadonlyMap<string, KeptPage>;
  /** The location the cache was last brought up to date with. */
  seen: string;
  nextId: number;
}

interface KeptAlivePagesProps {
  outlet: ReactElement | null;
  tabs: readonly string[];
}

function KeptAlivePages({ outlet, tabs }: KeptAlivePagesProps) {
  const activeKey = useFullPath();
  const navigationType = useNavigationType();
  const [cache, setCache] = useState<Cache>(() => ({ pages: new Map(), seen: '', nextId: 0 }));

  // useOutlet() only yields the element of the current location, so each page's element is
  // captured when its location is entered (the element carries its own route match, so it
  // renders the right page later). Closed tabs are pruned here too. Adjusting state during
  // render keeps the first paint of a new location complete. The second condition catches an
  // outlet that had nothing to render when its location was entered.
  if (cache.seen !== activeKey || (outlet && !cache.pages.has(activeKey))) {
    const renamed = isInPlaceReplace(navigationType, cache.seen, activeKey);
    setCache(enterLocation(cache, activeKey, outlet, tabs, renamed));
  }

  // The active page renders from the live outlet so it gets fresh props; the others from the
  // cache. Same key and element type, so React keeps their state either way.
  const keys = tabs.includes(activeKey) ? tabs : [...tabs, activeKey];
  return keys.map((key) => {
    const kept = cache.pages.get(key);
    const element = key === activeKey ? outlet : kept?.element;
    if (!element || !kept) return null;
    // <Activity> hides with display:none, keeps state and DOM, and also pauses the hidden
    // page's effects (polling, subscriptions) until its tab is shown again. The page learns
    // which tab it is, so one kept behind another tab of the same path renders its own query.
    return (
      <Activity key={kept.id} mode={key === activeKey ? 'visible' : 'hidden'}>
        <KeptTabContext value={key}>{element}</KeptTabContext>
      </Activity>
    );
  });
}

/**
 * The cache once `activeKey` is shown. A page that only rewrote its own query (`renamed`) moves
 * to the new key with its id, so it stays mounted; it replaces a page another tab kept there, as
 * the provider drops that duplicate entry from the bar.
 */
function enterLocation(
  cache: Cache,
  activeKey: string,
  outlet: ReactElement | null,
  tabs: readonly string[],
  renamed: boolean,
): Cache {
  const previous = cache.pages.get(cache.seen);
  const carried = renamed ? previous : cache.pages.get(activeKey);
  const pages = new Map([...cache.pages].filter(([key]) => tabs.includes(key)));
  if (renamed) pages.delete(cache.seen);
  let nextId = cache.nextId;
  if (outlet) {
    const id = carried?.id ?? nextId++;
    pages.set(activeKey, { id, element: outlet });
  }
  return { pages, seen: activeKey, nextId };
}
