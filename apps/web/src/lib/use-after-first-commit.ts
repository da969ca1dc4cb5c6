import { startTransition, useEffect, useState } from 'react';

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
