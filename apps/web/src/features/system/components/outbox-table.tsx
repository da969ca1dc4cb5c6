import { DEFAULT_PAGE_SIZE, FIRST_PAGE, type OutboxEntry } from '@portal/contract';
import { Alert, Segmented, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { type OutboxChannel, type OutboxParams, useOutbox } from '../api/get-outbox';

const CHANNELS: OutboxChannel[] = ['mail', 'sms'];
const STATUS_COLOURS: Record<string, string> = { sent: 'success', logged: 'processing', failed: 'error' };

/**
 * Staff: what the portal sent by mail and SMS, so support can read a customer's code or
 * reset link when it never arrived. The row expands to the full message and the failure.
 */
export function OutboxTable() {
  const { t } = useTranslation('system');
  const [params, setParams] = useState<OutboxParams>({
    channel: 'mail',
    pageNo: FIRST_PAGE,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const outbox = useOutbox(params);
  const statusText = (status: string) =>
    status in STATUS_COLOURS ? t(`outbox.status.${status as 'sent' | 'logged' | 'failed'}`) : status;

  const columns: TableColumnsType<OutboxEntry> = [
    { title: t('outbox.column.recipient'), dataIndex: 'recipient' },
    ...(params.channel === 'mail'
      ? [{ title: t('outbox.column.subject'), dataIndex: 'subject', ellipsis: { showTitle: true } }]
      : [{ title: t('outbox.column.message'), dataIndex: 'body', ellipsis: { showTitle: true } }]),
    {
      title: t('outbox.column.status'),
      dataIndex: 'status',
      render: (_, { status }) => <Tag color={STATUS_COLOURS[status] ?? 'default'}>{statusText(status)}</Tag>,
    },
    {
      title: t('outbox.column.time'),
      dataIndex: 'createTime',
      render: (_, { createTime }) => formatDateTime(createTime),
    },
  ];

  return (
    <div data-testid="outbox-table">
      <Segmented<OutboxChannel>
        style={{ marginBottom: 16 }}
        value={params.channel}
        options={CHANNELS.map((channel) => ({ value: channel, label: t(`outbox.channel.${channel}`) }))}
        onChange={(channel) => setParams((current) => ({ ...current, channel, pageNo: FIRST_PAGE }))}
      />
      {outbox.isError && (
        <Alert
          type="error"
          showIcon
          title={t('outbox.loadFailed')}
          description={outbox.error.message}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<OutboxEntry>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={outbox.isFetching}
        dataSource={outbox.data?.rows ?? []}
        columns={columns}
        locale={{ emptyText: t('outbox.empty') }}
        expandable={{
          expandedRowRender: (entry) => (
            <div data-testid="outbox-entry">
              {entry.error && <Alert type="error" showIcon title={entry.error} style={{ marginBottom: 8 }} />}
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} copyable>
                {entry.body}
              </Typography.Paragraph>
            </div>
          ),
        }}
        pagination={{
          current: params.pageNo,
          pageSize: params.pageSize,
          total: outbox.data?.totalRows ?? 0,
          showSizeChanger: true,
          showTotal: (total, [from, to]) => t('outbox.total', { from, to, total }),
          onChange: (pageNo, pageSize) =>
            setParams((current) => ({
              ...current,
              pageNo: pageSize === current.pageSize ? pageNo : FIRST_PAGE,
              pageSize,
            })),
        }}
      />
    </div>
  );
}
