/**
 * Follows the access version the server sends with every signed-in answer
 * (ACCESS_VERSION_HEADER: what users may reach, bumped whenever staff change roles, grants,
 * menus or a user's roles). When an answer carries a newer version than the one the signed-in
 * user (its menus) was loaded at, the console is told to load the user again, so the side menu
 * follows at the user's next request, without a reload.
 */

/** The version the shown user was loaded at; unknown until the first load answers. */
let shown: number | undefined;
/** The newest version any answer carried. */
let newest = Number.NEGATIVE_INFINITY;
/** The version a reload was last asked for, so a burst of answers asks once. */
let asked: number | undefined;
let reloadUser: (() => void) | undefined;

/**
 * What the console does when the user must be loaded again (refetch the signed-in user);
 * answers the function that stops it.
 */
export function onAccessChange(reload: () => void): () => void {
  reloadUser = reload;
  return () => {
    if (reloadUser === reload) reloadUser = undefined;
  };
}

/** Reads the header's value: a non-negative integer, or nothing. */
export function parseAccessVersion(value: string | null): number | undefined {
  if (value === null || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

/**
 * Called by the API client for every answer with the header. `loadsUser` marks the answer that
 * loaded the signed-in user: its version is the one now shown.
 */
export function noteAccessVersion(version: number | undefined, loadsUser: boolean): void {
  if (version === undefined) return;
  newest = Math.max(newest, version);
  if (loadsUser) {
    shown = version;
    // A load sent before the change it was asked for answers the old menus: ask again below.
    asked = undefined;
  }
  if (shown === undefined || newest <= shown || (asked !== undefined && asked >= newest)) return;
  asked = newest;
  reloadUser?.();
}

/** Forgets every version seen (tests). */
export function resetAccessVersion(): void {
  shown = undefined;
  newest = Number.NEGATIVE_INFINITY;
  asked = undefined;
}
