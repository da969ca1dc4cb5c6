import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { detectInitialLocale } from '@/lib/locale-detection';
import * as enUS from '@/locales/en-US';
import * as zhCN from '@/locales/zh-CN';

// The app fetches the console's texts together with the console (lib/i18n); tests render its
// parts on their own, so every namespace is there from the start, in both languages.
for (const [locale, namespaces] of Object.entries({ 'zh-CN': zhCN, 'en-US': enUS })) {
  for (const [namespace, texts] of Object.entries(namespaces))
    i18n.addResourceBundle(locale, namespace, texts);
}

// The frame and the pages load antd lazily (app/lazy-element). In a test worker the first such
// import transforms antd itself, which took over a second on CI's loaded machine (two tests saw
// the 1 s default run out while the page was still loading); `findBy`/`waitFor` wait longer.
configure({ asyncUtilTimeout: 10_000 });

// antd's responsive helpers (Grid, Layout, Result) call matchMedia, which jsdom lacks. Plain
// functions, not vi.fn: vitest keeps every mock it made, with every call's result, for the
// worker's life, and antd asks on every render (a worker of the shared-module project held 35,000
// mocks and grew to 1.8 GB).
const noop = () => undefined;
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: noop,
    removeListener: noop,
    addEventListener: noop,
    removeEventListener: noop,
    dispatchEvent: () => false,
  }),
});

// antd's Tabs, overflowing Menu and popups measure themselves with ResizeObserver, which jsdom
// lacks; no component test depends on real sizes.
if (!('ResizeObserver' in window)) {
  class NoResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: NoResizeObserver,
  });
}

// Test files share the window (vitest.config.ts): what a test changes in it is put back, so the
// next test, of this file or the next, starts as a first visit does.
const START_LOCALE = detectInitialLocale(undefined, window.navigator.language);

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  if (i18n.language !== START_LOCALE) await i18n.changeLanguage(START_LOCALE);
});
