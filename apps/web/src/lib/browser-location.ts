/*
 * Full-page navigations, kept behind functions so tests can replace them
 * (jsdom cannot navigate) and so callers read as intent rather than DOM calls.
 */

export function reloadPage(): void {
  window.location.reload();
}

/** Leaves the single-page app and loads `url` from the server, dropping all in-memory state. */
export function loadPage(url: string): void {
  window.location.assign(url);
}

/** Like loadPage, but `url` takes the current page's place in the history: Back skips it. */
export function replacePage(url: string): void {
  window.location.replace(url);
}
