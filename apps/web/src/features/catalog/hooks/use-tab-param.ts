import { useSearchParams } from 'react-router';

/** The open tab kept in `?<name>=` so a link (or a reload) opens the same tab. */
export function useTabParam<Tab extends string>(
  tabs: readonly Tab[],
  name = 'tab',
): [Tab, (tab: Tab) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(name);
  const active = tabs.find((tab) => tab === requested) ?? (tabs[0] as Tab);
  const select = (tab: Tab) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, tab);
        return next;
      },
      { replace: true },
    );
  return [active, select];
}
