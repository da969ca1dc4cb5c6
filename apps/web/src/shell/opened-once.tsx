import { type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * True from the first time `open` is true on. A dialog or drawer whose code loads on first use
 * mounts then, and stays mounted afterwards so that it can animate closed and open again at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

interface OpenedOnceProps {
  open: boolean;
  /**
   * Mount it (closed) as soon as this is true as well, e.g. once the browser is idle after the
   * page: then opening it is a plain change of `open`, with no load in between.
   */
  mountEarly?: boolean;
  children: (open: boolean) => ReactNode;
}

/**
 * A lazily loaded dialog or drawer, rendered from its first opening on (or from `mountEarly`).
 * Once its code is there it mounts closed and opens right after, as if it had been mounted all
 * along: antd's dialogs take focus and listen for Escape when `open` changes.
 */
export function OpenedOnce({ open, mountEarly = false, children }: OpenedOnceProps) {
  const opened = useOpenedOnce(open);
  if (!opened && !mountEarly) return null;
  return (
    <Suspense fallback={null}>
      <OpenAfterMount open={open}>{children}</OpenAfterMount>
    </Suspense>
  );
}

function OpenAfterMount({ open, children }: { open: boolean; children: (open: boolean) => ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    // The next task: the closed dialog is committed (and its effects have run) before it opens.
    const timer = window.setTimeout(() => setMounted(true), 0);
    return () => window.clearTimeout(timer);
  }, []);
  return children(open && mounted);
}
