import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** How a page's list state maps to its query parameters. */
export interface UrlCodec<T> {
  /** Never throws: a missing or invalid parameter reads as its default. */
  read(params: URLSearchParams): T;
  /** Sets (or removes) only the codec's own parameters in `params`. */
  write(value: T, params: URLSearchParams): void;
}

/**
 * List state kept in the query string, so a link or a reload shows the same list. Changes
 * `replace` the history entry (like `useTabParam`): a filter change is no page of its own for
 * the back button, and the multi-tab bar renames the page's tab instead of opening another.
 */
export function useUrlFilters<T>(codec: UrlCodec<T>): [T, (change: (current: T) => T) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = useMemo(() => codec.read(searchParams), [codec, searchParams]);
  // react-router hands a functional update the rendered parameters, so two changes in one event
  // would lose the first: each change builds on the last one written until the address catches up.
  const written = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    written.current = null;
  }, [searchParams]);
  const update = (change: (current: T) => T) => {
    const base = written.current ?? searchParams;
    const next = new URLSearchParams(base);
    codec.write(change(codec.read(base)), next);
    written.current = next;
    setSearchParams(next, { replace: true });
  };
  return [value, update];
}
