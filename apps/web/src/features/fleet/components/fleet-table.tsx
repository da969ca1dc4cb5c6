import type { ServerCompliance } from '@portal/contract';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { VisuallyHidden } from '@/components/visually-hidden';
import { formatDateTime } from '@/lib/format';
import { columnSortOrder } from '@/lib/list-table-change';
import { firstPageMarker, usePagedListTable } from '@/lib/use-paged-list-table';
import { columnsForScreens, useScreens } from '@/lib/use-screens';
import type { useFleetServers } from '../api/get-fleet-servers';
import { serverPathOf, useFleetScope } from '../utils/fleet-scope';
import type { FleetListState, FleetSortField } from '../utils/fleet-list-params';
import { ComplianceStateTag } from './compliance-state-tag';
import { StateCounts } from './state-counts';

interface Props {
  query: ReturnType<typeof useFleetServers>;
  list: FleetListState;
  onChange: (next: FleetListState) => void;
  /** Serial numbers of the rows selected (kept across pages). */
  selected: string[];
  /** Rows are selectable only with it (staff looking at an organisation bundle nothing). */
  onSelect?: (sns: string[]) => void;
}

/** One page of my servers, sortable by SN, model, worst state and last report; rows selectable. */
export function FleetTable({ query, list, onChange, selected, onSelect }: Props) {
  const { t } = useTranslation('fleet');
  const paged = usePagedListTable(query, list, onChange);
  const scope = useFleetScope();
  const screens = useScreens();
  const phone = screens.xs === true;
  const sortOrderOf = (field: FleetSortField) => columnSortOrder(list, field);
  const columns: TableColumnsType<ServerCompliance> = [
    {
      title: t('column.sn'),
      key: 'sn',
      dataIndex: 'sn',
      sorter: true,
      sortOrder: sortOrderOf('sn'),
      render: (_, row) => (
        <Link to={serverPathOf(scope, row.sn)} data-testid={`server-link-${row.sn}`}>
          {row.sn}
        </Link>
      ),
    },
    {
      title: t('column.model'),
      key: 'model',
      dataIndex: 'model',
      // A phone keeps SN and the worst state in view; the model is on the server's page.
      responsive: ['sm'],
      sorter: true,
      sortOrder: sortOrderOf('model'),
    },
    {
      title: t('column.state'),
      key: 'state',
      dataIndex: 'state',
      sorter: true,
      sortOrder: sortOrderOf('state'),
      render: (_, row) => <ComplianceStateTag state={row.state} />,
    },
    {
      title: t('column.counts'),
      key: 'counts',
      // A phone keeps SN, model and state; the rest is one tap away.
      responsive: ['md'],
      render: (_, row) => <StateCounts counts={row.counts} />,
    },
    {
      title: t('column.lastReport'),
      key: 'lastReport',
      dataIndex: 'lastReport',
      responsive: ['sm'],
      sorter: true,
      sortOrder: sortOrderOf('lastReport'),
      render: (_, row) => (row.lastReport ? formatDateTime(row.lastReport) : t('column.neverReported')),
    },
  ];
  return (
    // A phone shows the SN and the state only: a plain scrolling box in case they do not fit,
    // instead of antd's horizontal scroll, whose hidden measuring row and scroll checks cost
    // about a third of the table's first render.
    <div
      data-testid="fleet-table"
      {...firstPageMarker(query)}
      style={phone ? { overflowX: 'auto' } : undefined}
    >
      <FailureAlert failure={failureOf(query.error, t('list.loadFailed'))} />
      <Table<ServerCompliance>
        rowKey="sn"
        size="middle"
        scroll={phone ? undefined : { x: 'max-content' }}
        columns={columnsForScreens(columns, screens)}
        rowSelection={
          onSelect && {
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            // No select-all checkbox: with a horizontal scroll antd copies the header into a hidden
            // measuring row, where a focusable checkbox is an accessibility fault (aria-hidden-focus).
            hideSelectAll: true,
            columnTitle: <VisuallyHidden>{t('bundle.selectColumn')}</VisuallyHidden>,
            onChange: (keys) => onSelect(keys.map(String)),
            getCheckboxProps: (row) => ({ 'aria-label': t('bundle.select', { sn: row.sn }) }),
          }
        }
        {...paged}
        locale={{ emptyText: t('list.empty') }}
      />
    </div>
  );
}
