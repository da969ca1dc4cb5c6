import { DEFAULT_PAGE_SIZE, FIRST_PAGE, type LoginRecord } from '@portal/contract';
import { Alert, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { type LoginRecordsParams, useLoginRecords } from '../api/get-login-records';

/** Personal center: the user's sign-ins and sign-outs, paged on the server, newest first. */
export function LoginRecordsTable() {
  const { t } = useTranslation('account');
  const [params, setParams] = useState<LoginRecordsParams>({
    pageNo: FIRST_PAGE,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const records = useLoginRecords(params);

  const columns: TableColumnsType<LoginRecord> = [
    { title: t('logins.column.type'), dataIndex: 'type', render: (_, { type }) => t(`logins.type.${type}`) },
    {
      title: t('logins.column.result'),
      dataIndex: 'success',
      render: (_, { success }) =>
        success ? (
          <Tag color="success">{t('logins.result.success')}</Tag>
        ) : (
          <Tag color="error">{t('logins.result.failure')}</Tag>
        ),
    },
    { title: t('logins.column.message'), dataIndex: 'message', ellipsis: { showTitle: true } },
    { title: t('logins.column.ip'), dataIndex: 'ip', render: (_, { ip }) => ip ?? '-' },
    {
      title: t('logins.column.time'),
      dataIndex: 'createTime',
      render: (_, { createTime }) => formatDateTime(createTime),
    },
  ];

  return (
    // The test id wraps the pagination too, so its summary text is part of the table.
    <div data-testid="login-records-table">
      {records.isError && (
        <Alert
          type="error"
          showIcon
          title={t('logins.loadFailed')}
          description={records.error.message}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<LoginRecord>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={records.isFetching}
        dataSource={records.data?.rows ?? []}
        columns={columns}
        locale={{ emptyText: t('logins.empty') }}
        pagination={{
          current: params.pageNo,
          pageSize: params.pageSize,
          total: records.data?.totalRows ?? 0,
          showSizeChanger: true,
          showTotal: (total, [from, to]) => t('logins.total', { from, to, total }),
          onChange: (pageNo, pageSize) =>
            // A new page size starts over at the first page, as the row offsets change.
            setParams((current) => ({
              pageNo: pageSize === current.pageSize ? pageNo : FIRST_PAGE,
              pageSize,
            })),
        }}
      />
    </div>
  );
}
