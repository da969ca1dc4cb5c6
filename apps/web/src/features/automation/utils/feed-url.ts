import { type CatalogKind, FEED_PATH, type Locale } from '@portal/contract';

export interface PublicFeedFilters {
  model?: string;
  kind?: CatalogKind;
  pn?: string;
}

/** What the feed accepts as a model code or part number (the contract's `code`). */
export const FEED_CODE_PATTERN = /^[A-Za-z0-9._/-]{1,64}$/;

/**
 * The address of the public feed narrowed by `filters`, its titles in `locale`. A part number
 * the feed would refuse is left out, so the address shown always works.
 */
export function publicFeedUrl(origin: string, filters: PublicFeedFilters, locale: Locale): string {
  const query = new URLSearchParams();
  if (filters.model) query.set('model', filters.model);
  if (filters.kind) query.set('kind', filters.kind);
  const pn = filters.pn?.trim();
  if (pn && FEED_CODE_PATTERN.test(pn)) query.set('pn', pn);
  query.set('locale', locale);
  return `${origin}${FEED_PATH}?${query}`;
}
