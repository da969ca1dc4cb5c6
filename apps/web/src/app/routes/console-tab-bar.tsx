import type { MenuComponent } from '@portal/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { firmwareListSummary } from '@/features/catalog/utils/firmware-list-summary';
import { findMenuTrail, type MenuRoute } from '@/lib/menu-tree';
import { MultiTabBar } from '@/shell/multi-tab/multi-tab-bar';

type ListSummary = (query: URLSearchParams, t: TFunction<'catalog'>) => string | undefined;

/** The pages that keep a filtered list in their query, by menu component: its filters in a few words. */
const LIST_SUMMARIES: ReadonlyMap<string, ListSummary> = new Map<MenuComponent, ListSummary>([
  ['mirror/CustMirrorDownload', firmwareListSummary],
]);

export interface TabTitleTexts {
  tabs: TFunction<'tabs'>;
  catalog: TFunction<'catalog'>;
}

/**
 * The tab title of a full path: the title of its menu page, with the filters of a filtered list
 * ("Firmware download (filtered: M7-2U, BMC)"), so each filtered list kept in a tab of its own
 * can be told apart, and a page below a menu path ("Security advisories: PFW-2026-0001"); ''
 * for a path the menus do not know (the bar then shows the path).
 */
export function tabTitleOf(tree: readonly MenuRoute[], fullPath: string, texts: TabTitleTexts): string {
  const url = new URL(fullPath, window.location.origin);
  const page = findMenuTrail(tree, url.pathname).at(-1);
  if (!page) return '';
  // A page below its menu path (one advisory below the list) is named after what it shows.
  if (url.pathname.startsWith(`${page.path}/`)) {
    const detail = decodeURIComponent(url.pathname.slice(page.path.length + 1));
    return texts.tabs('title.detail', { title: page.meta.title, detail });
  }
  const filters = LIST_SUMMARIES.get(page.component)?.(url.searchParams, texts.catalog);
  return filters ? texts.tabs('title.filtered', { title: page.meta.title, filters }) : page.meta.title;
}

/** The multi-tab bar with the console's tab titles. */
export function ConsoleTabBar({ tree }: { tree: readonly MenuRoute[] }) {
  const texts = { tabs: useTranslation('tabs').t, catalog: useTranslation('catalog').t };
  return <MultiTabBar getTitle={(fullPath) => tabTitleOf(tree, fullPath, texts)} />;
}
