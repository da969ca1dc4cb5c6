import type { Breakpoint, TableColumnsType } from 'antd';
import { useSyncExternalStore } from 'react';

/**
 * antd's default breakpoints (theme tokens screenSM ... screenXXXL; this app keeps antd's), as the
 * media queries antd's own Grid.useBreakpoint watches.
 */
const SCREEN_QUERIES: Record<Breakpoint, string> = {
  xs: '(max-width: 575px)',
  sm: '(min-width: 576px)',
  md: '(min-width: 768px)',
  lg: '(min-width: 992px)',
  xl: '(min-width: 1200px)',
  xxl: '(min-width: 1600px)',
  xxxl: '(min-width: 1920px)',
};
/** Which breakpoints the window matches (antd's ScreenMap). */
export type ScreenMap = Partial<Record<Breakpoint, boolean>>;

const BREAKPOINTS = Object.keys(SCREEN_QUERIES) as Breakpoint[];

/** One object per combination, so React sees the same snapshot until a breakpoint is crossed. */
const snapshots = new Map<string, ScreenMap>();

function currentScreens(): ScreenMap {
  const matches = BREAKPOINTS.map((point) => window.matchMedia(SCREEN_QUERIES[point]).matches);
  const key = matches.map(Number).join('');
  let screens = snapshots.get(key);
  if (!screens) {
    screens = Object.fromEntries(BREAKPOINTS.map((point, index) => [point, matches[index]]));
    snapshots.set(key, screens);
  }
  return screens;
}

function subscribe(onChange: () => void): () => void {
  const lists = BREAKPOINTS.map((point) => window.matchMedia(SCREEN_QUERIES[point]));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

/**
 * The breakpoints the window matches, like antd's Grid.useBreakpoint but right from the first
 * render: antd's hook answers `{}` first and renders its component again from a layout effect,
 * synchronously, which for a table of rows was one long task more on every list's first load.
 */
export function useScreens(): ScreenMap {
  return useSyncExternalStore(subscribe, currentScreens);
}

/**
 * The columns shown at these screens, without their `responsive` lists: antd's Table filters
 * responsive columns itself through Grid.useBreakpoint (the extra synchronous render above).
 */
export function columnsForScreens<Row>(
  columns: TableColumnsType<Row>,
  screens: ScreenMap,
): TableColumnsType<Row> {
  return columns
    .filter((column) => !column.responsive || column.responsive.some((point) => screens[point]))
    .map(({ responsive: _shownFrom, ...column }) => column);
}
