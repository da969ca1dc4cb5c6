import { createContext, useContext, useState } from 'react';

/** The menu pages of the signed-in user, as last seen, and those taken away since. */
interface HeldPages {
  userId: number | undefined;
  /** Every menu path the user holds, in any application (`LoginUser.appOfPath`). */
  held: Readonly<Record<string, string>> | undefined;
  revoked: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The pages after the user was loaded again with `held`: a path held before and not now was
 * taken away (staff changed a role's menus or the user's roles); one granted again is not.
 */
export function nextHeldPages(
  previous: HeldPages,
  userId: number | undefined,
  held: Readonly<Record<string, string>> | undefined,
): HeldPages {
  if (previous.held === held && previous.userId === userId) return previous;
  if (previous.userId !== userId || previous.held === undefined || held === undefined)
    return { userId, held, revoked: NONE };
  const holds = (path: string) => Object.hasOwn(held, path);
  const revoked = new Set(
    [...previous.revoked, ...Object.keys(previous.held)].filter((path) => !holds(path)),
  );
  return { userId, held, revoked };
}

/**
 * Menu paths the signed-in user held earlier in this visit of the console and holds no longer.
 * Kept while rendering (not in an effect), so the render that drops a page's route already
 * knows why it is gone.
 */
export function useRevokedPages(
  userId: number | undefined,
  held: Readonly<Record<string, string>> | undefined,
): ReadonlySet<string> {
  const [pages, setPages] = useState<HeldPages>({ userId, held, revoked: NONE });
  const next = nextHeldPages(pages, userId, held);
  if (next !== pages) setPages(next);
  return next.revoked;
}

/** Whether `pathname` is a taken-away menu page or lies below one. */
export function isRevoked(pathname: string, revoked: ReadonlySet<string>): boolean {
  for (const path of revoked) if (pathname === path || pathname.startsWith(`${path}/`)) return true;
  return false;
}

export const RevokedPagesContext = createContext<ReadonlySet<string>>(NONE);

/** Whether the page at `pathname` was taken away from the user while the console was open. */
export function useIsRevoked(pathname: string): boolean {
  return isRevoked(pathname, useContext(RevokedPagesContext));
}
