import type { WebhookDeliveryStatus } from '@portal/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLOURS: Record<WebhookDeliveryStatus, string> = {
  pending: 'processing',
  delivered: 'success',
  failed: 'error',
};

/** Pending, delivered or failed, as a coloured tag. */
export function WebhookStatusTag({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation('automation');
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="webhook-delivery-status">
      {t(`webhooks.status.${status}`)}
    </Tag>
  );
}
