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
  children: (open: boolean) => ReactNode;
}

/**
 * A lazily loaded dialog or drawer, rendered from its first opening on. (Mounting them early,
 * when the browser was idle, kept the console home's main thread busy: issue 18.)
 * Once its code is there it mounts closed and opens right after, as if it had been mounted all
 * along: antd's dialogs take focus and listen for Escape when `open` changes.
 */
export function OpenedOnce({ open, children }: OpenedOnceProps) {
  const opened = useOpenedOnce(open);
  if (!opened) return null;
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
