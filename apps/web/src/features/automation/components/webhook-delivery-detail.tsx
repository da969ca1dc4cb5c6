import type { WebhookDelivery } from '@portal/contract';
import { Button, Descriptions, Flex, Modal, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { deliveryErrorText } from '../utils/delivery-error';
import { formatDateTime } from '@/lib/format';
import { WebhookStatusTag } from './webhook-status-tag';

/** One delivery: what happened to it and the JSON body sent (the same on every attempt). */
export function WebhookDeliveryDetail({
  delivery,
  onClose,
}: {
  delivery: WebhookDelivery;
  onClose: () => void;
}) {
  const { t } = useTranslation('automation');
  const { token: design } = theme.useToken();
  return (
    <Modal
      open
      data-testid="webhook-delivery-detail"
      title={t('webhooks.delivery.title')}
      onCancel={onClose}
      width={760}
      footer={
        <Button onClick={onClose} data-testid="webhook-delivery-detail-close">
          {t('webhooks.delivery.close')}
        </Button>
      }
    >
      <Flex vertical gap="middle">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          bordered
          items={[
            { key: 'id', label: t('webhooks.delivery.id'), children: delivery.id },
            {
              key: 'event',
              label: t('webhooks.deliveries.column.event'),
              children: t(`webhooks.event.${delivery.event}`),
            },
            {
              key: 'status',
              label: t('webhooks.deliveries.column.status'),
              children: <WebhookStatusTag status={delivery.status} />,
            },
            {
              key: 'attempts',
              label: t('webhooks.deliveries.column.attempts'),
              children: t('webhooks.deliveries.attempts', {
                attempts: delivery.attempts,
                max: delivery.maxAttempts,
              }),
            },
            {
              key: 'answer',
              label: t('webhooks.deliveries.column.answer'),
              children:
                delivery.responseStatus === null
                  ? t('webhooks.deliveries.noAnswer')
                  : t('webhooks.deliveries.httpStatus', { status: delivery.responseStatus }),
            },
            ...(delivery.lastError
              ? [
                  {
                    key: 'error',
                    label: t('webhooks.delivery.error'),
                    children: deliveryErrorText(t, delivery.lastError),
                  },
                ]
              : []),
            {
              key: 'created',
              label: t('webhooks.deliveries.column.created'),
              children: formatDateTime(delivery.createdAt),
            },
            {
              key: 'lastAttempt',
              label: t('webhooks.deliveries.column.lastAttempt'),
              children: formatDateTime(delivery.lastAttemptAt) || '-',
            },
            {
              key: 'delivered',
              label: t('webhooks.deliveries.column.delivered'),
              children: formatDateTime(delivery.deliveredAt) || '-',
            },
          ]}
        />
        <div>
          <Typography.Title level={5}>{t('webhooks.delivery.payload')}</Typography.Title>
          <pre
            data-testid="webhook-delivery-payload"
            tabIndex={0}
            style={{
              margin: 0,
              padding: '8px 12px',
              maxHeight: 420,
              overflow: 'auto',
              fontSize: 12,
              background: design.colorFillQuaternary,
              borderRadius: design.borderRadius,
            }}
          >
            {JSON.stringify(delivery.payload, null, 2)}
          </pre>
        </div>
      </Flex>
    </Modal>
  );
}
