import { type CatalogSortField, type CatalogVersionRow, FIRST_PAGE } from '@portal/contract';
import { Button, Descriptions, Grid, Space, Table, type TableColumnsType, type TableProps, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { formatNumber } from '@/lib/format';
import { useVersions, type VersionListQuery } from '../api/get-versions';
import { formatSize } from '@/lib/format-size';
import { useShowTotal } from '@/lib/show-total';
import { FIRST_PAGE_PAGING, type TablePaging } from '../utils/table-paging';
import { ChecksumText } from './checksum-text';
import { DownloadButton } from './download-button';
import { SeverityTag } from './severity-tag';

/** Columns some lists add to the common ones. */
export type OptionalColumn = 'models' | 'parts' | 'platform' | 'severity' | 'downloads';

export type VersionFilters = Omit<VersionListQuery, 'pageNo' | 'pageSize' | 'sortField' | 'sortOrder'>;

/** Paging the table holds itself, remembering which filters it belongs to. */
type OwnPaging = TablePaging & { filtersKey: string };

type VersionTableProps = {
  filters: VersionFilters;
  columns?: readonly OptionalColumn[];
  /** Opens the version detail (signed-in lists). */
  onOpen?: (row: CatalogVersionRow) => void;
  /** More buttons in the actions column (e.g. view a configuration set). */
  actions?: (row: CatalogVersionRow) => ReactNode;
  testId?: string;
  /**
   * Paging and sort held by the page (e.g. in the address) instead of the table. The page then
   * also starts over at the first page when it changes the filters.
   */
  paging?: TablePaging;
  onPagingChange?: (paging: TablePaging) => void;
};

const SORTABLE: Partial<Record<string, CatalogSortField>> = {
  itemName: 'name',
  version: 'version',
  releaseDate: 'releaseDate',
  fileSize: 'size',
  downloadCount: 'downloads',
};

/**
 * The one table of versions every signed-in catalogue list uses (firmware, software, LiveCD, ERP
 * tools, configuration sets): server-side paging, sorting and filters, checksums in the expanded
 * row, a download button per version. The public overseas pages draw theirs without antd
 * (public-list/).
 */
export function VersionTable({
  filters,
  columns: optional = [],
  onOpen,
  actions,
  testId = 'version-table',
  paging,
  onPagingChange,
}: VersionTableProps) {
  const { t } = useTranslation('catalog');
  const showTotal = useShowTotal();
  const filtersKey = JSON.stringify(filters);
  const [own, setOwn] = useState<OwnPaging>({ ...FIRST_PAGE_PAGING, filtersKey });
  // New filters start over at the first page: the old page number may no longer exist.
  const ownCurrent = own.filtersKey === filtersKey ? own : { ...own, pageNo: FIRST_PAGE };
  const { pageNo, pageSize, sortField, sortOrder } = paging ?? ownCurrent;
  const changePaging = (next: TablePaging) => {
    if (onPagingChange) onPagingChange(next);
    else setOwn({ ...next, filtersKey });
  };
  const versions = useVersions({ ...filters, pageNo, pageSize, sortField, sortOrder });

  const sortOrderOf = (field: CatalogSortField) => (sortField === field ? (sortOrder ?? null) : null);
  const sortable = (dataIndex: string) => {
    const field = SORTABLE[dataIndex];
    return field ? { sorter: true, sortOrder: sortOrderOf(field) } : {};
  };
  const has = (column: OptionalColumn) => optional.includes(column);
  // Phones (< 576 px) keep name, version, severity and actions in view; the rest moves to the
  // expanded row. Else the fixed actions column covered all but the start of the version ("4.").
  const phone = Grid.useBreakpoint().xs === true;

  const columns: TableColumnsType<CatalogVersionRow> = [
    {
      title: t('column.name'),
      dataIndex: 'itemName',
      ...sortable('itemName'),
      // On a phone long names wrap, so that the version beside them is in view without scrolling.
      render: (_, row) => (phone ? <div style={{ maxWidth: 120 }}>{row.itemName}</div> : row.itemName),
    },
    {
      title: t('column.version'),
      dataIndex: 'version',
      ...sortable('version'),
      render: (_, row) => (
        <Space size={4} wrap>
          {onOpen ? (
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(row)}>
              {row.version}
            </Button>
          ) : (
            row.version
          )}
          {row.preRelease && <Tag color="orange">{t('detail.preRelease')}</Tag>}
        </Space>
      ),
    },
    { title: t('column.releaseDate'), dataIndex: 'releaseDate', hidden: phone, ...sortable('releaseDate') },
    ...(has('severity')
      ? [
          {
            title: t('column.severity'),
            dataIndex: 'severity',
            render: (_: unknown, row: CatalogVersionRow) => (
              <Space size={4} wrap>
                <SeverityTag severity={row.severity} />
                {row.securityFix && <Tag color="magenta">{t('detail.securityFix')}</Tag>}
              </Space>
            ),
          },
        ]
      : []),
    ...(has('models')
      ? [
          {
            title: t('column.models'),
            dataIndex: 'models',
            hidden: phone,
            render: (_: unknown, row: CatalogVersionRow) => row.models.join(', '),
          },
        ]
      : []),
    ...(has('parts')
      ? [
          {
            title: t('column.parts'),
            dataIndex: 'parts',
            hidden: phone,
            render: (_: unknown, row: CatalogVersionRow) => row.parts.join(', '),
          },
        ]
      : []),
    ...(has('platform')
      ? [
          { title: t('column.os'), dataIndex: 'os', hidden: phone },
          { title: t('column.arch'), dataIndex: 'arch', hidden: phone },
        ]
      : []),
    { title: t('column.fileName'), dataIndex: 'fileName', hidden: phone },
    {
      title: t('column.size'),
      dataIndex: 'fileSize',
      hidden: phone,
      ...sortable('fileSize'),
      render: (_, { fileSize }) => formatSize(fileSize),
    },
    ...(has('downloads')
      ? [
          {
            title: t('column.downloads'),
            dataIndex: 'downloadCount',
            hidden: phone,
            ...sortable('downloadCount'),
            render: (_: unknown, row: CatalogVersionRow) => formatNumber(row.downloadCount),
          },
        ]
      : []),
    {
      title: t('column.actions'),
      key: 'actions',
      // Fixed on wider screens so downloading needs no scrolling; on a phone it would cover the rest.
      fixed: phone ? undefined : 'right',
      render: (_, row) => (
        <Space size="small">
          {onOpen && (
            <Button size="small" onClick={() => onOpen(row)} data-testid={`details-${row.versionId}`}>
              {t('action.details')}
            </Button>
          )}
          {actions?.(row)}
          <DownloadButton versionId={row.versionId} />
        </Space>
      ),
    },
  ];

  const onChange: TableProps<CatalogVersionRow>['onChange'] = (pagination, _filters, sorter, extra) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.order ? SORTABLE[String(single.field ?? '')] : undefined;
    changePaging({
      // A new sort or page size starts over at the first page, as the row offsets change.
      pageNo:
        extra.action === 'paginate' && pagination.pageSize === pageSize
          ? (pagination.current ?? FIRST_PAGE)
          : FIRST_PAGE,
      pageSize: pagination.pageSize ?? pageSize,
      sortField: field,
      sortOrder: field ? (single?.order ?? undefined) : undefined,
    });
  };

  return (
    <div data-testid={testId}>
      <FailureAlert failure={failureOf(versions.error, t('list.loadFailed'))} />
      <Table<CatalogVersionRow>
        rowKey="versionId"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={versions.isFetching}
        dataSource={versions.data?.rows ?? []}
        columns={columns}
        onChange={onChange}
        locale={{ emptyText: t('list.empty') }}
        onRow={(row) => ({ 'data-version-id': row.versionId, 'data-version': row.version }) as object}
        expandable={{
          expandedRowRender: (row) => (
            <Descriptions size="small" column={1} bordered>
              {phone && (
                <Descriptions.Item label={t('column.releaseDate')}>{row.releaseDate}</Descriptions.Item>
              )}
              {phone && <Descriptions.Item label={t('column.fileName')}>{row.fileName}</Descriptions.Item>}
              {phone && (
                <Descriptions.Item label={t('column.size')}>{formatSize(row.fileSize)}</Descriptions.Item>
              )}
              <Descriptions.Item label="SHA256">
                <ChecksumText value={row.sha256} testId={`row-sha256-${row.versionId}`} />
              </Descriptions.Item>
              <Descriptions.Item label="MD5">
                <ChecksumText value={row.md5} />
              </Descriptions.Item>
              {row.cves.length > 0 && (
                <Descriptions.Item label={t('detail.cves')}>{row.cves.join(', ')}</Descriptions.Item>
              )}
            </Descriptions>
          ),
        }}
        pagination={{
          current: pageNo,
          pageSize,
          total: versions.data?.totalRows ?? 0,
          showSizeChanger: true,
          showTotal,
        }}
      />
    </div>
  );
}
