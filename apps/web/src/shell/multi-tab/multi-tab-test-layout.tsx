import { useState } from 'react';
import type { RouteObject } from 'react-router';
import { vi } from 'vitest';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { MultiTabBar } from './multi-tab-bar';
import { useKeptTabKey } from './multi-tab-context';
import { MultiTabProvider } from './multi-tab-provider';

const TITLES: Record<string, string> = { '/a': 'Page A', '/b': 'Page B' };
const titleOf = (fullPath: string) => TITLES[fullPath] ?? '';

/** The wiring the signed-in layout is expected to use, with a switch for the multi-tab setting. */
function TestLayout({ initiallyEnabled }: { initiallyEnabled: boolean }) {
  const [enabled, setEnabled] = useState(initiallyEnabled);
  return (
    <MultiTabProvider enabled={enabled}>
      <button type="button" data-testid="toggle-multi-tab" onClick={() => setEnabled(!enabled)} />
      {enabled && <MultiTabBar getTitle={titleOf} />}
      <KeepAliveOutlet enabled={enabled} />
    </MultiTabProvider>
  );
}

/**
 * A page with local state (a counter and an uncontrolled input), to see whether it survives; its
 * counter names the tab the page is kept for.
 */
function CounterPage({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  const tabKey = useKeptTabKey();
  return (
    <>
      <button
        type="button"
        data-testid={`counter-${name}`}
        data-kept-for={tabKey ?? ''}
        onClick={() => setCount(count + 1)}
      >
        {count}
      </button>
      <input data-testid={`note-${name}`} aria-label={`note ${name}`} />
    </>
  );
}

/** Routes /a, /b, /c and /list (with any query), each page a counter, under the test layout. */
export function multiTabTestRoutes(initiallyEnabled = true): RouteObject[] {
  return [
    {
      element: <TestLayout initiallyEnabled={initiallyEnabled} />,
      // Keyed like distinct page components would be, so a plain outlet remounts between routes.
      children: ['a', 'b', 'c', 'list'].map((name) => ({
        path: `/${name}`,
        element: <CounterPage key={name} name={name} />,
      })),
    },
  ];
}

/** antd Tabs measures its tab list with ResizeObserver, which jsdom lacks; nothing here needs sizes. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
