import { describe, expect, it } from 'vitest';
import {
  closeOtherTabs,
  closeTab,
  closeTabsLeftOf,
  closeTabsRightOf,
  isInPlaceReplace,
  openTab,
  pathnameOf,
  reduceTabs,
  renameTab,
} from './tab-rules';

const A = '/homePage';
const B = '/welcome';
const C = '/account/center?tab=tasks';
const D = '/account/center?tab=logins';
const ALL = [A, B, C, D] as const;

describe('openTab', () => {
  it('appends a page that is not open yet', () => {
    expect(openTab([A, B], C)).toEqual([A, B, C]);
  });

  it('keeps the list (same array) when the page is already open, wherever it is', () => {
    const tabs = [A, B, C];
    expect(openTab(tabs, A)).toBe(tabs);
  });

  it('treats the same path with another query as another tab', () => {
    expect(openTab([C], D)).toEqual([C, D]);
  });

  it('opens the first tab of an empty bar', () => {
    expect(openTab([], A)).toEqual([A]);
  });
});

describe('renameTab', () => {
  const FILTERED = '/account/center?tab=settings';

  it('puts the new full path where the old one was', () => {
    expect(renameTab([A, C, B], C, FILTERED)).toEqual([A, FILTERED, B]);
  });

  it('drops the old entry when the new full path is already another tab', () => {
    expect(renameTab(ALL, C, D)).toEqual([A, B, D]);
  });

  it('opens the new full path when the old one is not a tab', () => {
    expect(renameTab([A, B], C, D)).toEqual([A, B, D]);
    expect(renameTab([], C, D)).toEqual([D]);
  });

  it('keeps the list (same array) when nothing changes', () => {
    const tabs = [A, C];
    expect(renameTab(tabs, C, C)).toBe(tabs);
  });

  it('never mutates the list it was given', () => {
    const tabs = [A, C, D];
    renameTab(tabs, C, FILTERED);
    renameTab(tabs, C, D);
    expect(tabs).toEqual([A, C, D]);
  });
});

describe('isInPlaceReplace', () => {
  it('holds for a replace that only changes the query of the same page', () => {
    expect(isInPlaceReplace('REPLACE', C, D)).toBe(true);
    expect(isInPlaceReplace('REPLACE', '/account/center', C)).toBe(true);
    expect(isInPlaceReplace('REPLACE', C, '/account/center')).toBe(true);
  });

  it('does not hold for a replace to another page (e.g. a redirect)', () => {
    expect(isInPlaceReplace('REPLACE', A, B)).toBe(false);
    expect(isInPlaceReplace('REPLACE', '/account', '/account/center')).toBe(false);
  });

  it('does not hold for PUSH and POP navigations, nor when nothing moves', () => {
    expect(isInPlaceReplace('PUSH', C, D)).toBe(false);
    expect(isInPlaceReplace('POP', C, D)).toBe(false);
    expect(isInPlaceReplace('REPLACE', C, C)).toBe(false);
  });
});

describe('pathnameOf', () => {
  it('cuts the query off a full path', () => {
    expect(pathnameOf(C)).toBe('/account/center');
    expect(pathnameOf(A)).toBe(A);
    expect(pathnameOf('/list?')).toBe('/list');
  });
});

describe('closeTab', () => {
  it('refuses to close the last tab and says why', () => {
    expect(closeTab([A], A, A)).toEqual({ tabs: [A], warning: 'lastTab' });
  });

  it('closes an inactive tab without navigating', () => {
    expect(closeTab(ALL, A, C)).toEqual({ tabs: [A, B, D] });
  });

  it('selects the last remaining tab when the active one closes', () => {
    expect(closeTab(ALL, B, B)).toEqual({ tabs: [A, C, D], navigateTo: D });
    expect(closeTab(ALL, D, D)).toEqual({ tabs: [A, B, C], navigateTo: C });
  });

  it('ignores a tab that is not open', () => {
    expect(closeTab([A, B], A, C)).toEqual({ tabs: [A, B] });
  });
});

describe('closeTabsLeftOf', () => {
  it('warns when there is nothing on the left', () => {
    expect(closeTabsLeftOf(ALL, A, A)).toEqual({ tabs: ALL, warning: 'noLeft' });
    expect(closeTabsLeftOf([A], A, A)).toEqual({ tabs: [A], warning: 'noLeft' });
  });

  it('keeps the tab and everything on its right', () => {
    expect(closeTabsLeftOf(ALL, D, C)).toEqual({ tabs: [C, D] });
  });

  it('navigates to the last remaining tab when the active one was on the left', () => {
    expect(closeTabsLeftOf(ALL, A, C)).toEqual({ tabs: [C, D], navigateTo: D });
  });
});

describe('closeTabsRightOf', () => {
  it('warns when there is nothing on the right', () => {
    expect(closeTabsRightOf(ALL, A, D)).toEqual({ tabs: ALL, warning: 'noRight' });
    expect(closeTabsRightOf([A], A, A)).toEqual({ tabs: [A], warning: 'noRight' });
  });

  it('keeps the tab and everything on its left', () => {
    expect(closeTabsRightOf(ALL, A, B)).toEqual({ tabs: [A, B] });
  });

  it('navigates to the tab itself when the active one was on the right', () => {
    expect(closeTabsRightOf(ALL, D, B)).toEqual({ tabs: [A, B], navigateTo: B });
  });
});

describe('closeOtherTabs ("close all")', () => {
  it('keeps only the tab it was asked on, which is then shown', () => {
    expect(closeOtherTabs(ALL, A, C)).toEqual({ tabs: [C], navigateTo: C });
  });

  it('does not navigate when that tab is the active one', () => {
    expect(closeOtherTabs(ALL, B, B)).toEqual({ tabs: [B] });
  });

  it('is a quiet no-op on a single tab', () => {
    expect(closeOtherTabs([A], A, A)).toEqual({ tabs: [A] });
  });
});

describe('reduceTabs', () => {
  it('dispatches every action to its rule', () => {
    expect(reduceTabs([A], A, { type: 'open', key: B })).toEqual({ tabs: [A, B] });
    expect(reduceTabs(ALL, A, { type: 'close', key: A })).toEqual({ tabs: [B, C, D], navigateTo: D });
    expect(reduceTabs(ALL, A, { type: 'closeLeft', key: A }).warning).toBe('noLeft');
    expect(reduceTabs(ALL, A, { type: 'closeRight', key: D }).warning).toBe('noRight');
    expect(reduceTabs(ALL, A, { type: 'closeAll', key: A })).toEqual({ tabs: [A] });
  });

  it('never mutates the list it was given', () => {
    const tabs = [A, B, C];
    reduceTabs(tabs, A, { type: 'close', key: B });
    reduceTabs(tabs, A, { type: 'closeAll', key: A });
    expect(tabs).toEqual([A, B, C]);
  });
});
