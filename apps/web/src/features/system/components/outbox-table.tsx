import type { OutboxEntry, OutboxStatus } from '@portal/contract';
import { Alert, type AlertProps, Segmented, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/paged-table/paged-table';
import { usePagedParams } from '@/components/paged-table/use-paged-params';
import { formatDateTime } from '@/lib/format';
import { type OutboxChannel, type OutboxParams, useOutbox } from '../api/get-outbox';

const CHANNELS: OutboxChannel[] = ['mail', 'sms'];
const STATUS_COLOURS: Record<OutboxStatus, string> = {
  queued: 'warning',
  sent: 'success',
  logged: 'processing',
  failed: 'error',
  expired: 'default',
};
/** How the last error reads: the reason of a failure, a warning while retried, history once sent. */
const ERROR_TYPES: Record<OutboxStatus, AlertProps['type']> = {
  queued: 'warning',
  sent: 'info',
  logged: 'info',
  failed: 'error',
  expired: 'error',
};

/**
 * Staff: what the portal sent by mail and SMS, so support can read a customer's code or
 * reset link when it never arrived. Mail is queued and retried while the mail server does not
 * take it: its attempts and next attempt show beside the status. The row expands to the full
 * message and the last failure.
 */
export function OutboxTable() {
  const { t } = useTranslation('system');
  const { params, filter, page } = usePagedParams<OutboxParams>({ channel: 'mail' });
  const outbox = useOutbox(params);

  const columns: TableColumnsType<OutboxEntry> = [
    { title: t('outbox.column.recipient'), dataIndex: 'recipient' },
    ...(params.channel === 'mail'
      ? [{ title: t('outbox.column.subject'), dataIndex: 'subject', ellipsis: { showTitle: true } }]
      : [{ title: t('outbox.column.message'), dataIndex: 'body', ellipsis: { showTitle: true } }]),
    {
      title: t('outbox.column.status'),
      dataIndex: 'status',
      render: (_, { status }) => <Tag color={STATUS_COLOURS[status]}>{t(`outbox.status.${status}`)}</Tag>,
    },
    ...(params.channel === 'mail'
      ? [
          { title: t('outbox.column.attempts'), dataIndex: 'attempts' },
          {
            title: t('outbox.column.nextAttempt'),
            dataIndex: 'nextAttemptTime',
            render: (_: unknown, { nextAttemptTime }: OutboxEntry) => formatDateTime(nextAttemptTime),
          },
        ]
      : []),
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
        onChange={(channel) => filter({ channel })}
      />
      <PagedTable<OutboxEntry>
        query={outbox}
        paging={params}
        onPagingChange={page}
        columns={columns}
        errorTitle={t('outbox.loadFailed')}
        emptyText={t('outbox.empty')}
        expandable={{
          expandedRowRender: (entry) => (
            <div data-testid="outbox-entry">
              {entry.error && (
                <Alert
                  type={ERROR_TYPES[entry.status]}
                  showIcon
                  title={t('outbox.lastError', { error: entry.error })}
                  style={{ marginBottom: 8 }}
                />
              )}
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} copyable>
                {entry.body}
              </Typography.Paragraph>
            </div>
          ),
        }}
      />
    </div>
  );
}
