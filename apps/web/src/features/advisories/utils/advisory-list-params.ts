import {
  ADVISORY_SEVERITIES,
  ADVISORY_SORT_FIELDS,
  type AdvisorySeverity,
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  MAX_PAGE_SIZE,
} from '@portal/contract';
import type { UrlCodec } from '@/lib/url-filters';

export type AdvisorySortField = (typeof ADVISORY_SORT_FIELDS)[number];

/** The customer list's filters, paging and order, as the address keeps them. */
export interface AdvisoryListState {
  keyword: string;
  severity?: AdvisorySeverity;
  cve: string;
  modelId?: number;
  /** YYYY-MM-DD, first publication on or after / on or before. */
  from?: string;
  to?: string;
  mine: boolean;
  pageNo: number;
  pageSize: number;
  sortField?: AdvisorySortField;
  sortOrder?: 'ascend' | 'descend';
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null): number | undefined {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : undefined;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

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
      pageNo: positiveInt(params.get('pageNo')) ?? FIRST_PAGE,
      pageSize: Math.min(positiveInt(params.get('pageSize')) ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
      sortField: oneOf(ADVISORY_SORT_FIELDS, params.get('sortField')),
      sortOrder: oneOf(['ascend', 'descend'] as const, params.get('sortOrder')),
    };
  },
  write(state, params) {
    const values: Record<string, string | undefined> = {
      keyword: state.keyword.trim() || undefined,
      severity: state.severity,
      cve: state.cve.trim() || undefined,
      modelId: state.modelId?.toString(),
      from: state.from,
      to: state.to,
      mine: state.mine ? '1' : undefined,
      pageNo: state.pageNo === FIRST_PAGE ? undefined : String(state.pageNo),
      pageSize: state.pageSize === DEFAULT_PAGE_SIZE ? undefined : String(state.pageSize),
      sortField: state.sortField,
      sortOrder: state.sortField ? state.sortOrder : undefined,
    };
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) params.delete(name);
      else params.set(name, value);
    }
  },
};

/** A filter changed: the list starts over at its first page. */
export const withFilter = (
  state: AdvisoryListState,
  change: Partial<AdvisoryListState>,
): AdvisoryListState => ({
  ...state,
  ...change,
  pageNo: FIRST_PAGE,
});

/** The query GET /advisories takes for the list state; `signedIn` decides whether `mine` may apply. */
export function listQueryOf(state: AdvisoryListState, signedIn: boolean) {
  return {
    keyword: state.keyword.trim() || undefined,
    severity: state.severity,
    cve: state.cve.trim() || undefined,
    modelId: state.modelId,
    from: state.from,
    to: state.to,
    mine: signedIn && state.mine ? ('1' as const) : undefined,
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    sortField: state.sortField,
    sortOrder: state.sortField ? state.sortOrder : undefined,
  };
}
