import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser is idle after it (at the latest after
 * `timeoutMs`). Lets parts of a page that nobody needs at once (the notices bell) load after
 * the page itself instead of competing with it.
 */
export function useIdle(timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), 0);
    return () => window.clearTimeout(timer);
  }, [timeoutMs]);
  return idle;
}
