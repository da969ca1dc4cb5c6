import type { StaffWebhook, StaffWebhookDelivery } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { usePagedParams } from '@/components/paged-table/use-paged-params';
import type { WebhookDeliveriesParams } from '../api/get-webhook-deliveries';
import { useUserWebhookDeliveries } from '../api/user-webhooks';
import { DeliveryLogDrawer, pollWhilePending } from './delivery-log-drawer';

interface UserWebhookDeliveriesDrawerProps {
  userId: number;
  webhook: StaffWebhook;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/**
 * Support's view of a user's webhook log (users page): what happened to each delivery, by the
 * receiver's origin; not the bodies sent, which are the customer's.
 */
export function UserWebhookDeliveriesDrawer({
  userId,
  webhook,
  ...drawer
}: UserWebhookDeliveriesDrawerProps) {
  const { t } = useTranslation('automation');
  const { params, page } = usePagedParams<WebhookDeliveriesParams>();
  const deliveries = useUserWebhookDeliveries(userId, webhook.id, params, pollWhilePending);
  return (
    <DeliveryLogDrawer<StaffWebhookDelivery>
      {...drawer}
      subtitle={t('webhooks.staff.logOf', { origin: webhook.origin })}
      deliveries={deliveries}
      paging={params}
      onPagingChange={page}
    />
  );
}
