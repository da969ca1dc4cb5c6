import {
  COMPLIANCE_STATES,
  type ComplianceState,
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  FLEET_SORT_FIELDS,
  MAX_PAGE_SIZE,
} from '@portal/contract';
import type { UrlCodec } from '@/lib/url-filters';

export type FleetSortField = (typeof FLEET_SORT_FIELDS)[number];

/** The server list's filters, paging and order, as the address keeps them. */
export interface FleetListState {
  state?: ComplianceState;
  model: string;
  /** Part of an SN. */
  sn: string;
  pageNo: number;
  pageSize: number;
  sortField?: FleetSortField;
  sortOrder?: 'ascend' | 'descend';
}

function positiveInt(value: string | null): number | undefined {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : undefined;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

export const fleetListCodec: UrlCodec<FleetListState> = {
  read(params) {
    return {
      state: oneOf(COMPLIANCE_STATES, params.get('state')),
      model: params.get('model') ?? '',
      sn: params.get('sn') ?? '',
      pageNo: positiveInt(params.get('pageNo')) ?? FIRST_PAGE,
      pageSize: Math.min(positiveInt(params.get('pageSize')) ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
      sortField: oneOf(FLEET_SORT_FIELDS, params.get('sortField')),
      sortOrder: oneOf(['ascend', 'descend'] as const, params.get('sortOrder')),
    };
  },
  write(list, params) {
    const values: Record<string, string | undefined> = {
      state: list.state,
      model: list.model.trim() || undefined,
      sn: list.sn.trim() || undefined,
      pageNo: list.pageNo === FIRST_PAGE ? undefined : String(list.pageNo),
      pageSize: list.pageSize === DEFAULT_PAGE_SIZE ? undefined : String(list.pageSize),
      sortField: list.sortField,
      sortOrder: list.sortField ? list.sortOrder : undefined,
    };
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) params.delete(name);
      else params.set(name, value);
    }
  },
};

/** A filter changed: the list starts over at its first page. */
export const withFilter = (list: FleetListState, change: Partial<FleetListState>): FleetListState => ({
  ...list,
  ...change,
  pageNo: FIRST_PAGE,
});

/** The query GET /fleet/servers takes for the list state. */
export function fleetQueryOf(list: FleetListState) {
  return {
    state: list.state,
    model: list.model.trim() || undefined,
    sn: list.sn.trim() || undefined,
    pageNo: list.pageNo,
    pageSize: list.pageSize,
    sortField: list.sortField,
    sortOrder: list.sortField ? list.sortOrder : undefined,
  };
}
