import type { Webhook, WebhookDelivery } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedParams } from '@/components/paged-table/use-paged-params';
import { type WebhookDeliveriesParams, useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { DeliveryLogDrawer, pollWhilePending } from './delivery-log-drawer';
import { WebhookDeliveryDetail } from './webhook-delivery-detail';

interface WebhookDeliveriesDrawerProps {
  webhook: Webhook;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/** My webhook's delivery log, newest first, and the body of each delivery. */
export function WebhookDeliveriesDrawer({ webhook, ...drawer }: WebhookDeliveriesDrawerProps) {
  const { t } = useTranslation('automation');
  const { params, page } = usePagedParams<WebhookDeliveriesParams>();
  const deliveries = useWebhookDeliveries(webhook.id, params, pollWhilePending);
  const [shown, setShown] = useState<WebhookDelivery>();
  return (
    <DeliveryLogDrawer<WebhookDelivery>
      {...drawer}
      subtitle={t('webhooks.deliveries.of', { url: webhook.url })}
      deliveries={deliveries}
      paging={params}
      onPagingChange={page}
      onDetails={setShown}
    >
      {shown && <WebhookDeliveryDetail delivery={shown} onClose={() => setShown(undefined)} />}
    </DeliveryLogDrawer>
  );
}
