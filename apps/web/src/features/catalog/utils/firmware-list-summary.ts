import type { TFunction } from 'i18next';
import { firmwareListCodec } from './firmware-list-params';

/**
 * The filters of the firmware list at `query` in a few words ("M7-2U, BMC, Urgent, “M6”"), for
 * the title of its tab in the multi-tab bar, so two filtered lists read differently; undefined
 * for the unfiltered list or when another tab of the page (`?tab=pcie`) is open. Values are
 * read as the list reads them: what it ignores (an unknown kind) is not named either.
 */
export function firmwareListSummary(query: URLSearchParams, t: TFunction<'catalog'>): string | undefined {
  const tab = query.get('tab');
  if (tab !== null && tab !== 'server') return undefined;
  const { model, kind, severity, latest, q } = firmwareListCodec.read(query).filters;
  const parts = [
    model,
    kind,
    ...severity.map((value) => t(`severity.${value}`)),
    latest ? t('summary.latest') : undefined,
    q === undefined ? undefined : t('summary.search', { q }),
  ].filter((part) => part !== undefined);
  return parts.length > 0 ? parts.join(t('summary.separator')) : undefined;
}
