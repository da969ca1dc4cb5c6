import { Flex, Typography } from 'antd';
import { memo, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterFirstCommit } from '@/lib/after-first-commit';
import { useUrlFilters } from '@/lib/url-filters';
import { useFleetServers } from '../api/get-fleet-servers';
import { type FleetListState, fleetListCodec, fleetQueryOf, withFilter } from '../utils/fleet-list-params';
import { useFleetScope } from '../utils/fleet-scope';
import { FleetFilters } from './fleet-filters';
import { FleetSummary } from './fleet-summary';
import { FleetTable } from './fleet-table';
import { MissingBundle } from './missing-bundle';

/**
 * The fleet summary over the list of my servers; filters and paging live in the address. The
 * selected rows can have what they are missing bundled.
 */
export function FleetList() {
  const [list, update] = useUrlFilters(fleetListCodec);
  const [selected, setSelected] = useState<string[]>([]);
  // As the advisories list: the answer renders deferred, in slices, and the urgent render (the
  // query cache is an external store) stops at the memoised body instead of re-rendering it all.
  const query = useDeferredValue(useFleetServers(fleetQueryOf(list)));
  return (
    <FleetListBody query={query} list={list} update={update} selected={selected} onSelect={setSelected} />
  );
}

interface BodyProps {
  query: ReturnType<typeof useFleetServers>;
  list: FleetListState;
  update: (change: (current: FleetListState) => FleetListState) => void;
  selected: string[];
  onSelect: (sns: string[]) => void;
}

const FleetListBody = memo(function FleetListBody({ query, list, update, selected, onSelect }: BodyProps) {
  const { t } = useTranslation('fleet');
  const change = (next: FleetListState) => update(() => next);
  const { staff } = useFleetScope();
  return (
    <>
      <FleetSummary
        summary={query.data?.summary}
        active={list.state}
        onSelect={(state) => change(withFilter(list, { state }))}
      />
      <FleetFilters list={list} onChange={change} />
      {!staff && (
        <Flex vertical gap={8} style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary" data-testid="fleet-selected">
            {selected.length > 0 ? t('bundle.selected', { count: selected.length }) : t('bundle.selectHint')}
          </Typography.Text>
          <MissingBundle sns={selected} disabledHint={t('bundle.selectHint')} testId="fleet-bundle" />
        </Flex>
      )}
      {/* The table (below the filters, so nothing moves) in a commit of its own. */}
      <AfterFirstCommit>
        <FleetTable
          query={query}
          list={list}
          onChange={change}
          selected={selected}
          onSelect={staff ? undefined : onSelect}
        />
      </AfterFirstCommit>
    </>
  );
});
