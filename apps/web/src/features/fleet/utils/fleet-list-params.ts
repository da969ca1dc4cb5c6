import { COMPLIANCE_STATES, type ComplianceState, FLEET_SORT_FIELDS } from '@portal/contract';
import {
  type ListPaging,
  listPagingQuery,
  oneOf,
  readListPaging,
  type UrlCodec,
  writeListState,
} from '@/lib/url-filters';

export { withFilter } from '@/lib/url-filters';

export type FleetSortField = (typeof FLEET_SORT_FIELDS)[number];

/** The server list's filters, paging and order, as the address keeps them. */
export interface FleetListState extends ListPaging<FleetSortField> {
  state?: ComplianceState;
  model: string;
  /** Part of an SN. */
  sn: string;
}

export const fleetListCodec: UrlCodec<FleetListState> = {
  read(params) {
    return {
      state: oneOf(COMPLIANCE_STATES, params.get('state')),
      model: params.get('model') ?? '',
      sn: params.get('sn') ?? '',
      ...readListPaging(params, FLEET_SORT_FIELDS),
    };
  },
  write(list, params) {
    writeListState(filtersOf(list), list, params);
  },
};

/** The filters as the address and the API take them: blank texts left out. */
const filtersOf = (list: FleetListState) => ({
  state: list.state,
  model: list.model.trim() || undefined,
  sn: list.sn.trim() || undefined,
});

/** The query GET /fleet/servers takes for the list state. */
export function fleetQueryOf(list: FleetListState) {
  return { ...filtersOf(list), ...listPagingQuery(list) };
}
