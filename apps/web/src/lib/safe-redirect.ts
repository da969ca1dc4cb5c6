import { isPublicPath, paths } from '@/config/paths';

/** Browsers read a backslash as "/" and drop tabs and newlines, so such a path can become "//evil". */
function hasAmbiguousCharacter(value: string): boolean {
  return [...value].some((char) => {
    const code = char.charCodeAt(0);
    return char === '\\' || code < 0x20 || code === 0x7f;
  });
}

/**
 * Returns `raw` when it is a path inside this site, else undefined. The redirect query
 * parameter comes from the URL, so without this check a crafted link could send a user who
 * just signed in to another site (open redirect).
 */
export function safeRedirectTarget(raw: string | null | undefined): string | undefined {
  if (!raw?.startsWith('/') || raw.startsWith('//') || hasAmbiguousCharacter(raw)) return undefined;
  try {
    const origin = window.location.origin;
    return new URL(raw, origin).origin === origin ? raw : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where to go once signed in: the `redirect` query when it is safe and not itself a sign-in
 * type page (which would bounce straight back), else the root, where the console picks the
 * first page of the user's menu (spec 2, first load).
 */
export function afterSignInPath(redirect: string | null | undefined): string {
  const target = safeRedirectTarget(redirect);
  if (!target) return paths.root;
  return isPublicPath(new URL(target, window.location.origin).pathname) ? paths.root : target;
}
