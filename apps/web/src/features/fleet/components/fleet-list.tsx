import { useUrlFilters } from '@/lib/url-filters';
import { useFleetServers } from '../api/get-fleet-servers';
import { fleetListCodec, fleetQueryOf, withFilter } from '../utils/fleet-list-params';
import { FleetFilters } from './fleet-filters';
import { FleetSummary } from './fleet-summary';
import { FleetTable } from './fleet-table';

/** The fleet summary over the list of my servers; filters and paging live in the address. */
export function FleetList() {
  const [list, update] = useUrlFilters(fleetListCodec);
  const query = useFleetServers(fleetQueryOf(list));
  const change = (next: typeof list) => update(() => next);
  return (
    <>
      <FleetSummary
        summary={query.data?.summary}
        active={list.state}
        onSelect={(state) => change(withFilter(list, { state }))}
      />
      <FleetFilters list={list} onChange={change} />
      <FleetTable query={query} list={list} onChange={change} />
    </>
  );
}
