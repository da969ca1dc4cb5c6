/** Route paths in one place; links, redirects and the guard all read from here. */
export const paths = {
  root: '/',
  user: '/user',
  login: '/user/login',
  home: '/homePage',
  notFound: '/404',
} as const;

/** Reachable without a token (spec 4). Register, recover, ... join this list when they exist. */
const PUBLIC_PATHS: readonly string[] = [paths.user, paths.login];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
}

/** The sign-in URL that brings the user back to `wanted` (path plus query) afterwards. */
export function loginPathFor(wanted: string): string {
  return `${paths.login}?${new URLSearchParams({ redirect: wanted })}`;
}
