import { useSyncExternalStore } from 'react';

const REDUCE_QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(REDUCE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => window.matchMedia(REDUCE_QUERY).matches;

/**
 * Whether the person asked their system for less motion (WCAG 2.3.3, the media feature
 * `prefers-reduced-motion`): antd's opening, closing and wave animations are then turned off
 * (antd-provider.tsx); our own spinners stop in their style sheets' media queries. Follows a
 * change of the setting without a reload.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion);
}
