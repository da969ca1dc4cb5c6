import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * False on a component's first render, true from the render right after its first commit (a
 * transition, rendered in slices). A part shown only when it is true commits on its own: a page
 * that mounted all its antd parts at once paid for all their styles and measurements in one long
 * task, which the browser could not break for input or paint.
 */
export function useAfterFirstCommit(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    startTransition(() => setAfter(true));
  }, []);
  return after;
}

/**
 * `children` in a commit of their own, after the one that mounts this. Meanwhile an empty marker
 * keeps the console's footer hidden (shell/basic-layout.module.css), so place it where nothing
 * follows on the page that its arrival would move.
 */
export function AfterFirstCommit({ children }: { children: ReactNode }) {
  return useAfterFirstCommit() ? children : <div data-page-loading="" />;
}
