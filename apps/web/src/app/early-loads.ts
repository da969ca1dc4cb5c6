import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@portal/contract';
import { isPublicPath, paths } from '@/config/paths';
import {
  PUBLIC_VERSIONS_PATH,
  toSearchParams,
  type VersionListQuery,
} from '@/features/catalog/api/version-search-params';
import { OVERSEAS_FILTERS, type OverseasList } from '@/features/catalog/utils/overseas-lists';
import { NEWEST_RELEASES_QUERY } from '@/features/home/newest-releases-query';
import type { PublicPage } from '@/features/pages/public-placeholder-page';
import { composeApiUrl, startEarlyGet } from '@/lib/early-get';
import { holdExtrasUntilFirstContent } from '@/lib/first-content';
import { detectInitialLocale } from '@/lib/locale-detection';
import { getAccessToken } from '@/lib/session';
import { readStored } from '@/lib/storage';

/*
 * The loads a page waits for, started together instead of one after the other. Everything
 * heavy is imported dynamically: ./preload.ts runs this module first, before the rest of the
 * app's entry (React, the router, the sign-in page) is evaluated, so it must stay light.
 */

/** The language lib/i18n.ts will start in. */
const initialLocale = () => detectInitialLocale(readStored('locale'), window.navigator.language);

/**
 * The console's texts in the UI language (the catalogue's namespace is one of them). i18next
 * asks for them once the app's entry has run; the file itself is requested at once, in the
 * language lib/i18n.ts will pick, so that request no longer waits for the entry.
 */
function loadConsoleTranslations(): Promise<void> {
  const locale = initialLocale();
  void (locale === 'zh-CN' ? import('@/locales/console-zh-CN') : import('@/locales/console-en-US'));
  return import('@/lib/i18n').then((m) => m.loadConsoleTranslations());
}

/** antd's providers, which every lazily loaded page renders in (app/lazy-element.tsx). */
const loadAntdProvider = () => import('./antd-provider');

/** The console's code and, at the same time, its texts in the UI language. */
export const loadConsole = () =>
  Promise.all([import('./routes/console-route'), loadConsoleTranslations()]).then(([chunk]) => chunk);

export const OVERSEAS_PAGES: ReadonlyArray<{ path: string; page: PublicPage; list: OverseasList }> = [
  { path: paths.overseasDownload, page: 'overseasDownload', list: 'all' },
  { path: paths.overseasDownloadImsCli, page: 'overseasDownloadImsCli', list: 'imsCli' },
];

/** The query of an overseas list's first page, as the page's list asks for it. */
const firstOverseasPage = (list: OverseasList) => ({
  ...OVERSEAS_FILTERS[list],
  pageNo: FIRST_PAGE,
  pageSize: DEFAULT_PAGE_SIZE,
});

/**
 * Requests the first rows of an overseas list at once, before the app's code has loaded: the
 * page's own request (features/catalog/api/get-versions.ts, the same address) takes the answer.
 */
function requestOverseasRows(list: OverseasList): void {
  const locale = initialLocale();
  const query = toSearchParams(firstOverseasPage(list));
  startEarlyGet(composeApiUrl(PUBLIC_VERSIONS_PATH, query, locale), locale);
}

/**
 * Asks for a page of versions with the key the page's list uses
 * (features/catalog/api/get-versions.ts), so the rows are in the query cache when it renders.
 */
async function prefetchVersions(query: VersionListQuery, anonymous: boolean): Promise<void> {
  const [{ getVersions }, { CATALOG_KEY }, { queryClient }, { i18n }] = await Promise.all([
    import('@/features/catalog/api/get-versions'),
    import('@/features/catalog/api/catalog-keys'),
    import('@/lib/query-client'),
    import('@/lib/i18n'),
  ]);
  await queryClient.prefetchQuery({
    queryKey: [...CATALOG_KEY, 'versions', anonymous, query, i18n.resolvedLanguage],
    queryFn: ({ signal }) => getVersions(query, anonymous, signal),
  });
}

/**
 * The landing pages' attention panel (features/home/attention-panel.tsx): the fleet summary and
 * the advisories that concern the reader, asked for with the panel's own keys.
 */
async function prefetchAttention(): Promise<void> {
  const [attention, { queryClient }, { i18n }] = await Promise.all([
    import('@/features/home/api/get-attention'),
    import('@/lib/query-client'),
    import('@/lib/i18n'),
  ]);
  const language = i18n.resolvedLanguage;
  await Promise.all([
    queryClient.prefetchQuery({
      queryKey: attention.fleetSummaryKey(language),
      queryFn: ({ signal }) => attention.getFleetSummary(signal),
    }),
    queryClient.prefetchQuery({
      queryKey: attention.myAdvisoriesKey(language),
      queryFn: ({ signal }) => attention.getMyAdvisories(signal),
    }),
  ]);
}

/** An overseas page's code, its texts and its first rows, all at once (the page needs no antd). */
export function loadOverseasPage(list: OverseasList) {
  void prefetchVersions(firstOverseasPage(list), true);
  return Promise.all([
    import('@/features/catalog/pages/overseas-download-page'),
    loadConsoleTranslations(),
  ]).then(([m]) => m.OverseasDownloadPage);
}

/** The console's home pages, whose code can be fetched before the menus say where they are. */
const CONSOLE_HOME_PAGES: Readonly<Record<string, () => Promise<unknown>>> = {
  [paths.welcome]: () => import('./routes/welcome-route'),
  [paths.home]: () => import('./routes/home-route'),
};

/** Console pages that show without antd (the frame around them has none either). */
const ANTD_FREE_PAGES: ReadonlySet<string> = new Set([paths.welcome, paths.home]);

/** Whether the console page at `pathname` shows without antd (issue 18: the home pages). */
export const isAntdFreePage = (pathname: string) =>
  ANTD_FREE_PAGES.has(pathname.replace(/\/+$/, '') || paths.root);

async function prefetchLoginUser(): Promise<void> {
  const [{ getLoginUserQueryOptions }, { queryClient }] = await Promise.all([
    import('@/features/auth/api/get-login-user'),
    import('@/lib/query-client'),
  ]);
  await queryClient.prefetchQuery(getLoginUserQueryOptions());
}

/**
 * Starts what the page at `location` will wait for: an overseas page's code, texts and rows
 * (a link from another site is the usual way in); for a signed-in console page, the console's
 * code and texts, the signed-in user and, for the home pages, the page's code. The lazy routes
 * ask for the same modules and queries later and get these loads (module map, query cache).
 */
export function startEarlyLoads({ pathname, search }: Pick<Location, 'pathname' | 'search'>): void {
  const path = pathname.replace(/\/+$/, '') || paths.root;
  const overseas = OVERSEAS_PAGES.find((page) => page.path === path);
  if (overseas) {
    requestOverseasRows(overseas.list);
    void loadOverseasPage(overseas.list);
    return;
  }
  // A token link signs in first (app/token-link-landing.tsx): the stored token may be replaced.
  if (!getAccessToken() || isPublicPath(path) || new URLSearchParams(search).has('token')) return;
  void loadConsole();
  // The console frame and its home are drawn without antd; any other page needs it at once.
  if (!isAntdFreePage(path)) void loadAntdProvider();
  void prefetchLoginUser();
  void CONSOLE_HOME_PAGES[path]?.();
  // The frame's antd extras wait until a home page's content shows (lib/first-content.ts): the
  // browser is idle while the page's code or data is on its way, and that is not "after" it.
  if (isAntdFreePage(path)) holdExtrasUntilFirstContent();
  // Where sign-in lands: its newest releases travel with the page's code.
  if (path === paths.home) void prefetchVersions(NEWEST_RELEASES_QUERY, false);
  // Both home pages open with what needs the reader's attention (issue 42 §1).
  if (CONSOLE_HOME_PAGES[path]) void prefetchAttention();
}
