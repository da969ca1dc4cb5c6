import { DEFAULT_PAGE_SIZE, type DownloadRecord, FIRST_PAGE } from '@portal/contract';
import { Alert, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '@/lib/format';
import { type DownloadRecordsParams, useDownloadRecords } from '../api/get-download-records';

const STATUS_COLOURS = { complete: 'success', partial: 'warning', redirect: 'processing' } as const;

/** Personal center: what the user downloaded (content, time), paged on the server, newest first. */
export function DownloadRecordsTable() {
  const { t } = useTranslation('catalog');
  const [params, setParams] = useState<DownloadRecordsParams>({
    pageNo: FIRST_PAGE,
    pageSize: DEFAULT_PAGE_SIZE,
  });
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
      render: (_, { bytes, range }) => (range ? `${formatNumber(bytes)} (${range})` : formatNumber(bytes)),
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
    <div data-testid="download-records-table">
      {records.isError && (
        <Alert
          type="error"
          showIcon
          title={t('records.loadFailed')}
          description={records.error.message}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<DownloadRecord>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={records.isFetching}
        dataSource={records.data?.rows ?? []}
        columns={columns}
        locale={{ emptyText: t('records.empty') }}
        pagination={{
          current: params.pageNo,
          pageSize: params.pageSize,
          total: records.data?.totalRows ?? 0,
          showSizeChanger: true,
          showTotal: (total, [from, to]) => t('records.total', { from, to, total }),
          onChange: (pageNo, pageSize) =>
            setParams((current) => ({
              pageNo: pageSize === current.pageSize ? pageNo : FIRST_PAGE,
              pageSize,
            })),
        }}
      />
    </div>
  );
}
