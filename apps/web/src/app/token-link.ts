import type { Locale } from '@portal/contract';

/**
 * A link from another system that signs the user in (spec 4, Session):
 * `?token=...&locale=en|zh&tool=...`. An empty token means the other system had no session.
 */
export type TokenLink = { kind: 'empty' } | { kind: 'token'; token: string; locale: Locale; tool?: string };

/** Reads a token link from a query string; undefined when the URL carries no `token` at all. */
export function parseTokenLink(search: string): TokenLink | undefined {
  const params = new URLSearchParams(search);
  const token = params.get('token');
  if (token === null) return undefined;
  if (token.trim() === '') return { kind: 'empty' };
  // Spec 4: 'en' selects English, anything else (or nothing) Chinese.
  const locale: Locale = params.get('locale') === 'en' ? 'en-US' : 'zh-CN';
  const tool = params.get('tool')?.trim();
  return tool ? { kind: 'token', token, locale, tool } : { kind: 'token', token, locale };
}
