/*
 * GET answers asked for before the app's code has loaded. app/early-loads.ts runs first of all
 * the app's modules and starts the request a public page will make (the overseas list's first
 * rows); lib/api-client.ts takes the answer when the page asks for the same address. Light on
 * purpose: it is part of the first module, so nothing heavy may be imported here.
 */

export const API_BASE = '/api';

/** Not taken within this time (the visitor went elsewhere): dropped, never served stale. */
const EARLY_GET_TTL_MS = 10_000;

const pending = new Map<string, Promise<Response>>();

/** `/api${path}?query&locale=…`: the language last, as every call sends it (the server translates). */
export function composeApiUrl(
  path: string,
  query: Record<string, string | undefined>,
  locale: string,
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  params.set('locale', locale);
  return `${API_BASE}${path}?${params}`;
}

/**
 * Starts an anonymous GET of `url` with the headers api-client sends; the answer waits to be
 * taken. For public data only: no token is sent, so no one else's data can be held here.
 */
export function startEarlyGet(url: string, locale: string): void {
  const answer = fetch(url, {
    headers: { Accept: 'application/json', 'Accept-Language': locale },
    credentials: 'same-origin',
  });
  // A failure is the taker's to handle; one nobody takes must not be reported as unhandled.
  answer.catch(() => undefined);
  pending.set(url, answer);
  setTimeout(() => {
    if (pending.get(url) === answer) pending.delete(url);
  }, EARLY_GET_TTL_MS);
}

/** The early answer for `url`, once: a second call (a refetch) asks the server again. */
export function takeEarlyGet(url: string): Promise<Response> | undefined {
  const answer = pending.get(url);
  pending.delete(url);
  return answer;
}
