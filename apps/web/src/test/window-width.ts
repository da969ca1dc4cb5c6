import { act } from '@testing-library/react';

type ChangeListener = () => void;
const listeners = new Set<ChangeListener>();
/** The matchMedia a test found before it set a width (the setup's stub), put back by reset. */
let setupMatchMedia: typeof window.matchMedia | undefined;

/** Whether a `(min-width: Npx)` or `(max-width: Npx)` query holds at `width` (others: no). */
function matchesAt(query: string, width: number): boolean {
  const found = /\((min|max)-width:\s*(\d+)px\)/.exec(query);
  if (!found) return false;
  const limit = Number(found[2]);
  return found[1] === 'min' ? width >= limit : width <= limit;
}

/**
 * A window `width` px wide, as far as window.innerWidth and media queries tell (jsdom has no
 * layout; the setup's matchMedia stub matches nothing), listeners told as a browser would.
 */
export function setWindowWidth(width: number): void {
  setupMatchMedia ??= window.matchMedia;
  window.innerWidth = width;
  window.matchMedia = (query: string) =>
    ({
      matches: matchesAt(query, window.innerWidth),
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: ChangeListener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: ChangeListener) => listeners.delete(listener),
      addListener: (listener: ChangeListener) => listeners.add(listener),
      removeListener: (listener: ChangeListener) => listeners.delete(listener),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  act(() => {
    for (const listener of [...listeners]) listener();
    window.dispatchEvent(new Event('resize'));
  });
}

/** Back to jsdom's width and the setup's matchMedia stub. */
export function resetWindowWidth(width: number): void {
  window.innerWidth = width;
  if (setupMatchMedia) window.matchMedia = setupMatchMedia;
  setupMatchMedia = undefined;
  listeners.clear();
}
