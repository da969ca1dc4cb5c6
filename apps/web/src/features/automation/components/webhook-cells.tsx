import type { Webhook } from '@portal/contract';
import { Flex, type TableColumnType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { WebhookStatusTag } from './webhook-status-tag';

/** The events a webhook is sent for, as tags (the owner's table and support's). */
export function WebhookEvents({ events }: Pick<Webhook, 'events'>) {
  const { t } = useTranslation('automation');
  return (
    <Flex gap={4} wrap>
      {events.map((event) => (
        <Tag key={event}>{t(`webhooks.event.${event}`)}</Tag>
      ))}
    </Flex>
  );
}

/** A webhook paused after repeated failures: since when, and when it is tried again. */
export function WebhookPaused({ paused }: { paused: NonNullable<Webhook['paused']> }) {
  const { t } = useTranslation('automation');
  return (
    <Flex vertical gap={2} align="start" data-testid="webhook-paused">
      <Tag color="warning">{t('webhooks.paused', { since: formatDateTime(paused.failingSince) })}</Tag>
      <Typography.Text type="secondary" style={{ maxWidth: 260 }}>
        {t('webhooks.paused.detail', { failures: paused.failures, retryAt: formatDateTime(paused.retryAt) })}
      </Typography.Text>
    </Flex>
  );
}

/** How the newest delivery went, and when ("no deliveries yet" before the first); first, whether it is paused. */
export function WebhookLastDelivery({ lastDelivery, paused }: Pick<Webhook, 'lastDelivery' | 'paused'>) {
  const { t } = useTranslation('automation');
  const last = lastDelivery ? (
    <Flex vertical gap={2} align="start" data-testid="webhook-last-delivery">
      <Flex gap={4} wrap align="center">
        <WebhookStatusTag status={lastDelivery.status} />
        <span>{t(`webhooks.event.${lastDelivery.event}`)}</span>
      </Flex>
      <Typography.Text type="secondary">{formatDateTime(lastDelivery.createdAt)}</Typography.Text>
    </Flex>
  ) : (
    <Typography.Text type="secondary" data-testid="webhook-last-delivery">
      {t('webhooks.lastDelivery.none')}
    </Typography.Text>
  );
  if (!paused) return last;
  return (
    <Flex vertical gap={6} align="start">
      <WebhookPaused paused={paused} />
      {last}
    </Flex>
  );
}

type WebhookFacts = Pick<Webhook, 'events' | 'lastDelivery' | 'paused'>;

/** The events and last-delivery columns, the same in the owner's table and in support's. */
export function webhookFactColumns<Row extends WebhookFacts>(t: TFunction<'automation'>) {
  const events: TableColumnType<Row> = {
    title: t('webhooks.column.events'),
    key: 'events',
    render: (_, webhook) => <WebhookEvents events={webhook.events} />,
  };
  const lastDelivery: TableColumnType<Row> = {
    title: t('webhooks.column.lastDelivery'),
    key: 'lastDelivery',
    render: (_, webhook) => (
      <WebhookLastDelivery lastDelivery={webhook.lastDelivery} paused={webhook.paused} />
    ),
  };
  return { events, lastDelivery };
}
