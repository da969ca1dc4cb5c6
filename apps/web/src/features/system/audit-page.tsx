import { type AuditEntry, DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@portal/contract';
import { Alert, Card, DatePicker, Input, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { type AuditParams, useAuditLog } from './api/audit-and-dashboard';
import { AuditDetail } from './components/audit-detail';

/** /system/audit: who did what to which record, when and from where; searchable, read-only. */
export function AuditPage({ title }: { title: string }) {
  const { t } = useTranslation('system');
  const [params, setParams] = useState<AuditParams>({ pageNo: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE });
  const log = useAuditLog(params);
  const columns: TableColumnsType<AuditEntry> = [
    { title: t('audit.time'), dataIndex: 'createTime', render: (_, row) => formatDateTime(row.createTime) },
    { title: t('audit.actor'), dataIndex: 'actorAccount', render: (_, row) => row.actorAccount || '-' },
    {
      title: t('audit.action'),
      dataIndex: 'action',
      // An action this page does not know yet shows as recorded rather than not at all.
      render: (_, row) => t(`audit.actions.${row.action}`, { defaultValue: row.action }),
    },
    {
      title: t('audit.target'),
      key: 'target',
      render: (_, row) =>
        `${t(`audit.targets.${row.targetType}`, { defaultValue: row.targetType })} #${row.targetId}`,
    },
    {
      title: t('audit.detail'),
      dataIndex: 'detail',
      render: (_, row) => <AuditDetail entry={row} />,
    },
    { title: 'IP', dataIndex: 'ip', render: (_, row) => row.ip ?? '-' },
  ];
  return (
    <Card title={title} data-testid="audit-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('audit.search')}
          style={{ width: 280 }}
          onSearch={(q) => setParams((current) => ({ ...current, q, pageNo: FIRST_PAGE }))}
          data-testid="audit-search"
        />
        <DatePicker.RangePicker
          onChange={(range) =>
            setParams((current) => ({
              ...current,
              pageNo: FIRST_PAGE,
              from: range?.[0]?.format('YYYY-MM-DD'),
              to: range?.[1]?.format('YYYY-MM-DD'),
            }))
          }
        />
      </Space>
      {log.isError && <Alert type="error" showIcon title={log.error.message} style={{ marginBottom: 16 }} />}
      <Table<AuditEntry>
        data-testid="audit-table"
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={log.isFetching}
        dataSource={log.data?.rows ?? []}
        columns={columns}
        pagination={{
          current: params.pageNo,
          pageSize: params.pageSize,
          total: log.data?.totalRows ?? 0,
          showSizeChanger: true,
          showTotal: (total, [from, to]) => t('outbox.total', { from, to, total }),
          onChange: (pageNo, pageSize) => setParams((current) => ({ ...current, pageNo, pageSize })),
        }}
      />
    </Card>
  );
}
