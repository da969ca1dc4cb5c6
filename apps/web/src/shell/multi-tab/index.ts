/**
 * The multi-tab bar (spec 2): open pages stay as tabs keyed by their full path (path + query),
 * with a right-click menu, and pages keep their state while their tab is open. A page that
 * rewrites its own query with a `replace` navigation (filters kept in the address) renames its
 * tab in place and stays mounted; PUSH and POP navigations open or show a tab per full path.
 *
 * The bar and the page area share the tab list, so the signed-in layout wraps both in one
 * `MultiTabProvider` (inside the router), passing the multi-tab setting to it and the outlet:
 *
 * ```tsx
 * <MultiTabProvider enabled={settings.multiTab}>
 *   ...header...
 *   {settings.multiTab && <MultiTabBar getTitle={(fullPath) => menuTitleOf(fullPath)} />} // lazily
 *   <KeepAliveOutlet enabled={settings.multiTab} />
 * </MultiTabProvider>
 * ```
 *
 * Each kept page can ask which tab it is (`useKeptTabKey`): behind another tab of the same
 * path, it renders its own tab's query (the console's routes do, app/routes/menu-routes.tsx).
 *
 * `KeepAliveOutlet` with `enabled={false}` is a plain `<Outlet/>` and needs no provider;
 * `MultiTabBar` and an enabled outlet throw without one. The bar is antd's Tabs and its messages
 * use antd's `App.useApp()`, so it must render inside antd `<App>`: the frame loads it from
 * './multi-tab-bar' with `lazyWithAntd` (app/lazy-element.tsx), and this index leaves it out so
 * that importing the rest does not bring antd to the console home.
 */
export { KeepAliveOutlet } from './keep-alive-outlet';
export { useKeptTabKey } from './multi-tab-context';
export { MultiTabProvider } from './multi-tab-provider';
