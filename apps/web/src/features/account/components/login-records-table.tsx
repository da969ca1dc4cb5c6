import type { LoginRecord } from '@portal/contract';
import { type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/paged-table/paged-table';
import { usePagedParams } from '@/components/paged-table/use-paged-params';
import { formatDateTime } from '@/lib/format';
import { type LoginRecordsParams, useLoginRecords } from '../api/get-login-records';

/** Personal center: the user's sign-ins and sign-outs, paged on the server, newest first. */
export function LoginRecordsTable() {
  const { t } = useTranslation('account');
  const { params, page } = usePagedParams<LoginRecordsParams>();
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
    <PagedTable<LoginRecord>
      testId="login-records-table"
      query={records}
      paging={params}
      onPagingChange={page}
      columns={columns}
      errorTitle={t('logins.loadFailed')}
      emptyText={t('logins.empty')}
    />
  );
}
