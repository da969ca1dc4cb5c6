import { type AdvisoryRow, advisoryPagePathOf } from '@portal/contract';
import { Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { formatDateTime } from '@/lib/format';
import { columnSortOrder } from '@/lib/list-table-change';
import { firstPageMarker, usePagedListTable } from '@/lib/use-paged-list-table';
import { columnsForScreens, useScreens } from '@/lib/use-screens';
import type { useAdvisories } from '../api/get-advisories';
import type { AdvisoryListState, AdvisorySortField } from '../utils/advisory-list-params';
import { AdvisorySeverityTag, formatScore } from './advisory-severity-tag';

export const DATE_PATTERN = 'YYYY-MM-DD';

interface Props {
  query: ReturnType<typeof useAdvisories>;
  state: AdvisoryListState;
  onChange: (next: AdvisoryListState) => void;
}

/** One page of advisories, sortable by first publication, last update and score. */
export function AdvisoryTable({ query, state, onChange }: Props) {
  const { t } = useTranslation('advisories');
  const paged = usePagedListTable(query, state, onChange);
  // A phone has room for the ID and the title: severity and date go under the title.
  const screens = useScreens();
  const phone = screens.xs === true;
  const sortOrderOf = (field: AdvisorySortField) => columnSortOrder(state, field);
  const columns: TableColumnsType<AdvisoryRow> = [
    {
      title: t('column.id'),
      dataIndex: 'advisoryId',
      render: (_, row) => (
        <Link
          to={advisoryPagePathOf(row.advisoryId)}
          style={{ whiteSpace: 'nowrap' }}
          data-testid={`advisory-link-${row.advisoryId}`}
        >
          {row.advisoryId}
        </Link>
      ),
    },
    {
      title: t('column.title'),
      dataIndex: 'title',
      render: (_, row) => (
        <div style={{ minWidth: phone ? undefined : 200, maxWidth: 320 }}>
          {row.title}
          {row.affectsMine && (
            <Tag color="#a8071a" style={{ marginInlineStart: 8 }}>
              {t('list.affectsMine')}
            </Tag>
          )}
          {phone && (
            <Flex gap={8} align="center" wrap style={{ marginTop: 4 }}>
              <AdvisorySeverityTag severity={row.severity} score={row.baseScore} />
              {formatDateTime(row.initialReleaseTime, DATE_PATTERN)}
            </Flex>
          )}
        </div>
      ),
    },
    {
      title: t('column.severity'),
      dataIndex: 'severity',
      responsive: ['sm'],
      render: (_, row) => <AdvisorySeverityTag severity={row.severity} />,
    },
    {
      title: t('column.score'),
      key: 'score',
      // A phone shows the ID, title, severity and date; the rest is one tap away.
      responsive: ['md'],
      dataIndex: 'baseScore',
      sorter: true,
      sortOrder: sortOrderOf('score'),
      render: (_, row) => formatScore(row.baseScore),
    },
    {
      title: t('column.cves'),
      dataIndex: 'cves',
      responsive: ['md'],
      render: (_, row) => (
        <Typography.Text style={{ whiteSpace: 'pre-line' }}>{row.cves.join('\n')}</Typography.Text>
      ),
    },
    {
      title: t('column.products'),
      dataIndex: 'products',
      responsive: ['md'],
      render: (_, row) => <div style={{ minWidth: 120, maxWidth: 220 }}>{row.products.join(', ')}</div>,
    },
    {
      title: t('column.published'),
      key: 'published',
      responsive: ['sm'],
      dataIndex: 'initialReleaseTime',
      sorter: true,
      sortOrder: sortOrderOf('published'),
      render: (_, row) => formatDateTime(row.initialReleaseTime, DATE_PATTERN),
    },
    {
      title: t('column.updated'),
      key: 'updated',
      responsive: ['md'],
      dataIndex: 'currentReleaseTime',
      sorter: true,
      sortOrder: sortOrderOf('updated'),
      render: (_, row) => formatDateTime(row.currentReleaseTime, DATE_PATTERN),
    },
  ];
  return (
    <div data-testid="advisory-table" {...firstPageMarker(query)}>
      <FailureAlert failure={failureOf(query.error, t('list.loadFailed'))} />
      <Table<AdvisoryRow>
        rowKey="advisoryId"
        size="middle"
        // On a phone the two columns share the width and the title wraps.
        scroll={phone ? undefined : { x: 'max-content' }}
        columns={columnsForScreens(columns, screens)}
        {...paged}
        locale={{ emptyText: t('list.empty') }}
      />
    </div>
  );
}
