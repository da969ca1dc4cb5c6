import type { Webhook } from '@portal/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Flex, Popconfirm, Switch, type TableColumnsType, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/list-table/list-table';
import type { ApiError } from '@/lib/api-error';
import { webhookFactColumns } from './webhook-cells';

// antd types onRow's answer as plain HTML attributes, which have no data-* keys.
const rowAttributes = (webhook: Webhook): HTMLAttributes<HTMLElement> =>
  ({ 'data-testid': 'webhook-row', 'data-url': webhook.url }) as HTMLAttributes<HTMLElement>;

export interface WebhookActions {
  onToggle: (webhook: Webhook, active: boolean) => void;
  onEdit: (webhook: Webhook) => void;
  onPing: (webhook: Webhook) => void;
  onLog: (webhook: Webhook) => void;
  onDelete: (webhook: Webhook) => void;
}

interface WebhookTableProps extends WebhookActions {
  webhooks: UseQueryResult<Webhook[], ApiError>;
  /** The webhooks whose switch, test event or deletion is on its way (their controls spin). */
  busy: { toggling?: number; pinging?: number; deleting?: number };
}

/** My webhooks: address, events, on or off, how the last delivery went, and what can be done. */
export function WebhookTable({
  webhooks,
  busy,
  onToggle,
  onEdit,
  onPing,
  onLog,
  onDelete,
}: WebhookTableProps) {
  const { t } = useTranslation('automation');

  const facts = webhookFactColumns<Webhook>(t);
  const columns: TableColumnsType<Webhook> = [
    {
      title: t('webhooks.column.url'),
      key: 'url',
      render: (_, webhook) => (
        <Typography.Text
          data-testid="webhook-row-url"
          style={{ display: 'block', maxWidth: 260, overflowWrap: 'anywhere', fontFamily: 'monospace' }}
        >
          {webhook.url}
        </Typography.Text>
      ),
    },
    facts.events,
    {
      title: t('webhooks.column.active'),
      key: 'active',
      render: (_, webhook) => (
        <Switch
          size="small"
          checked={webhook.active}
          loading={busy.toggling === webhook.id}
          aria-label={t('webhooks.activeLabel', { url: webhook.url })}
          data-testid="webhook-row-active"
          onChange={(checked) => onToggle(webhook, checked)}
        />
      ),
    },
    facts.lastDelivery,
    {
      title: t('webhooks.column.actions'),
      key: 'actions',
      render: (_, webhook) => (
        <Flex gap={4} wrap style={{ minWidth: 180 }}>
          <Button
            size="small"
            data-testid="webhook-ping"
            aria-label={t('webhooks.pingLabel', { url: webhook.url })}
            loading={busy.pinging === webhook.id}
            // Test events go to webhooks switched on only (the server refuses the others).
            disabled={!webhook.active}
            onClick={() => onPing(webhook)}
          >
            {t('webhooks.ping')}
          </Button>
          <Button
            size="small"
            data-testid="webhook-log"
            aria-label={t('webhooks.logLabel', { url: webhook.url })}
            onClick={() => onLog(webhook)}
          >
            {t('webhooks.log')}
          </Button>
          <Button
            size="small"
            data-testid="webhook-edit"
            aria-label={t('webhooks.editLabel', { url: webhook.url })}
            onClick={() => onEdit(webhook)}
          >
            {t('webhooks.edit')}
          </Button>
          <Popconfirm
            title={t('webhooks.deleteConfirm')}
            okText={t('webhooks.deleteOk')}
            cancelText={t('webhooks.deleteCancel')}
            okButtonProps={{ danger: true, 'data-testid': 'webhook-delete-confirm' }}
            onConfirm={() => onDelete(webhook)}
          >
            <Button
              size="small"
              danger
              data-testid="webhook-delete"
              aria-label={t('webhooks.deleteLabel', { url: webhook.url })}
              loading={busy.deleting === webhook.id}
            >
              {t('webhooks.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <ListTable<Webhook>
      query={webhooks}
      columns={columns}
      loadFailed={t('webhooks.list.loadFailed')}
      emptyText={t('webhooks.list.empty')}
      testId="webhooks-list"
      onRow={rowAttributes}
    />
  );
}
