import { ADVISORY_SEVERITIES, ADVISORY_SORT_FIELDS, type AdvisorySeverity } from '@portal/contract';
import {
  type ListPaging,
  listPagingQuery,
  oneOf,
  positiveInt,
  readListPaging,
  type UrlCodec,
  writeListState,
} from '@/lib/url-filters';

export { withFilter } from '@/lib/url-filters';

export type AdvisorySortField = (typeof ADVISORY_SORT_FIELDS)[number];

/** The customer list's filters, paging and order, as the address keeps them. */
export interface AdvisoryListState extends ListPaging<AdvisorySortField> {
  keyword: string;
  severity?: AdvisorySeverity;
  cve: string;
  modelId?: number;
  /** YYYY-MM-DD, first publication on or after / on or before. */
  from?: string;
  to?: string;
  mine: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const dateOf = (value: string | null) => (value !== null && DATE.test(value) ? value : undefined);

export const advisoryListCodec: UrlCodec<AdvisoryListState> = {
  read(params) {
    return {
      keyword: params.get('keyword') ?? '',
      severity: oneOf(ADVISORY_SEVERITIES, params.get('severity')),
      cve: params.get('cve') ?? '',
      modelId: positiveInt(params.get('modelId')),
      from: dateOf(params.get('from')),
      to: dateOf(params.get('to')),
      mine: params.get('mine') === '1',
      ...readListPaging(params, ADVISORY_SORT_FIELDS),
    };
  },
  write(state, params) {
    const { mine, ...filters } = filtersOf(state);
    writeListState(
      { ...filters, modelId: filters.modelId?.toString(), mine: mine ? '1' : undefined },
      state,
      params,
    );
  },
};

/** The filters as the address and the API take them: blank texts left out. */
const filtersOf = (state: AdvisoryListState) => ({
  keyword: state.keyword.trim() || undefined,
  severity: state.severity,
  cve: state.cve.trim() || undefined,
  modelId: state.modelId,
  from: state.from,
  to: state.to,
  mine: state.mine,
});

/** The query GET /advisories takes for the list state; `signedIn` decides whether `mine` may apply. */
export function listQueryOf(state: AdvisoryListState, signedIn: boolean) {
  const { mine, ...filters } = filtersOf(state);
  return { ...filters, mine: signedIn && mine ? ('1' as const) : undefined, ...listPagingQuery(state) };
}
