import type { DownloadRecord } from '@portal/contract';
import { type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/paged-table/paged-table';
import { usePagedParams } from '@/components/paged-table/use-paged-params';
import { formatDateTime } from '@/lib/format';
import { formatSize } from '@/lib/format-size';
import { type DownloadRecordsParams, useDownloadRecords } from '../api/get-download-records';

const STATUS_COLOURS = { complete: 'success', partial: 'warning', redirect: 'processing' } as const;

/** Personal center: what the user downloaded (content, time), paged on the server, newest first. */
export function DownloadRecordsTable() {
  const { t } = useTranslation('catalog');
  const { params, page } = usePagedParams<DownloadRecordsParams>();
  const records = useDownloadRecords(params);

  const columns: TableColumnsType<DownloadRecord> = [
    {
      title: t('records.column.content'),
      key: 'content',
      render: (_, record) => t('records.content', { name: record.itemName, version: record.version }),
    },
    { title: t('records.column.fileName'), dataIndex: 'fileName' },
    {
      title: t('records.column.bytes'),
      dataIndex: 'bytes',
      render: (_, { bytes, range }) => (range ? `${formatSize(bytes)} (${range})` : formatSize(bytes)),
    },
    {
      title: t('records.column.status'),
      dataIndex: 'status',
      render: (_, { status }) => <Tag color={STATUS_COLOURS[status]}>{t(`records.status.${status}`)}</Tag>,
    },
    { title: t('records.column.ip'), dataIndex: 'ip', render: (_, { ip }) => ip ?? '-' },
    {
      title: t('records.column.time'),
      dataIndex: 'createTime',
      render: (_, { createTime }) => formatDateTime(createTime),
    },
  ];

  return (
    <PagedTable<DownloadRecord>
      testId="download-records-table"
      query={records}
      paging={params}
      onPagingChange={page}
      columns={columns}
      errorTitle={t('records.loadFailed')}
      emptyText={t('records.empty')}
    />
  );
}
