import { useEffect, useState } from 'react';
import { extrasMayLoad } from '@/lib/first-content';

/**
 * False on the first render, true once the browser is idle after it (at the latest after
 * `timeoutMs`). Lets parts of a page that nobody needs at once (the notices bell) load after
 * the page itself instead of competing with it. A page that waits for data holds this back until
 * its first content shows (lib/first-content.ts): idle while its request is out is not "after".
 */
export function useIdle(timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let cancel: () => void = () => undefined;
    let cancelled = false;
    void extrasMayLoad().then(() => {
      if (cancelled) return;
      if (typeof window.requestIdleCallback === 'function') {
        const handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
        cancel = () => window.cancelIdleCallback(handle);
      } else {
        const timer = window.setTimeout(() => setIdle(true), 0);
        cancel = () => window.clearTimeout(timer);
      }
    });
    return () => {
      cancelled = true;
      cancel();
    };
  }, [timeoutMs]);
  return idle;
}
