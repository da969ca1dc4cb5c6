import { advisoryPagePathOf } from '@portal/contract';
import type { ConsoleSuite, UiLocale } from './console';
import { openConsoleAs } from './page-checks';

/**
 * The demo seed's TLP:GREEN advisory, whose CSAF links advisory-csaf-link and
 * advisory-csaf-new-tab follow (issue 42 §2): readable by any account, not by anonymous visitors.
 */
export const GREEN_NIC = 'PFW-2026-0002';
export const GREEN_JSON = /^\/\.well-known\/csaf\/green\/\d{4}\/pfw-2026-0002[^/?]*\.json$/;

export interface CsafJson {
  document: { tracking: { id: string } };
}

/** The advisory page in `locale`, and the address its "CSAF JSON" link holds. */
export async function openAdvisory(suite: ConsoleSuite, locale: UiLocale) {
  const page = await openConsoleAs(suite, advisoryPagePathOf(GREEN_NIC), locale, 'desktop');
  const link = page.getByTestId('advisory-csaf-json');
  await link.waitFor();
  const href = (await link.getAttribute('href')) ?? '';
  return { page, link, href };
}
