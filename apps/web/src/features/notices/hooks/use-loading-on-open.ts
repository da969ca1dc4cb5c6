import { useCallback, useEffect, useRef, useState } from 'react';
import { NOTICE_POPOVER } from '@/config/console';

/**
 * Spec 4/9: the notice popover shows a spinner for 2 s every time it opens. `start` also
 * runs `refresh`, and the spinner stays until that has settled too, so the list that appears
 * is never the previous one.
 */
export function useLoadingOnOpen(refresh: () => Promise<unknown>) {
  const [loading, setLoading] = useState(false);
  const latestStart = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const start = useCallback(() => {
    const thisStart = ++latestStart.current;
    setLoading(true);
    clearTimeout(timer.current);
    const minimumWait = new Promise<void>((resolve) => {
      timer.current = setTimeout(resolve, NOTICE_POPOVER.loadingMs);
    });
    void Promise.allSettled([minimumWait, refresh()]).then(() => {
      // Reopening restarted the wait; only the latest start may end the spinner.
      if (latestStart.current === thisStart) setLoading(false);
    });
  }, [refresh]);

  return { loading, start };
}
