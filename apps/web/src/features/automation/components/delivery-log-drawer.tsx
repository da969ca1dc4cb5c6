import type { StaffWebhookDelivery } from '@portal/contract';
import { Button, Drawer, Flex, Grid, type TableColumnsType, Typography } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveryErrorText } from '../utils/delivery-error';
import { type PagedQuery, PagedTable } from '@/components/paged-table/paged-table';
import type { Paging } from '@/components/paged-table/use-paged-params';
import { formatDateTime } from '@/lib/format';
import { WebhookStatusTag } from './webhook-status-tag';

/** While a delivery waits for the job queue, the log looks again this often. */
const PENDING_POLL_MS = 3_000;

/** The log's query option: polls while a delivery it shows is still pending. */
export const pollWhilePending = {
  refetchInterval: (query: { state: { data?: { rows: StaffWebhookDelivery[] } } }) =>
    query.state.data?.rows.some((delivery) => delivery.status === 'pending') ? PENDING_POLL_MS : false,
};

// antd types onRow's answer as plain HTML attributes, which have no data-* keys.
const rowAttributes = (delivery: StaffWebhookDelivery): HTMLAttributes<HTMLElement> =>
  ({ 'data-testid': 'webhook-delivery-row', 'data-id': delivery.id }) as HTMLAttributes<HTMLElement>;

type DeliveryQuery<Row> = PagedQuery<Row> & {
  isPending: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

interface DeliveryLogDrawerProps<Row extends StaffWebhookDelivery> {
  /** Where the webhook posts: its whole address for the owner, its origin for support. */
  subtitle: string;
  deliveries: DeliveryQuery<Row>;
  paging: Paging;
  onPagingChange: (paging: Paging) => void;
  /** Opens one delivery with the body sent (the owner's log; support does not see bodies). */
  onDetails?: (delivery: Row) => void;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
  children?: ReactNode;
}

/**
 * A webhook's delivery log, newest first: the owner's (account settings) and support's (users
 * page) show the same columns from their own endpoints.
 */
export function DeliveryLogDrawer<Row extends StaffWebhookDelivery>({
  subtitle,
  deliveries,
  paging,
  onPagingChange,
  onDetails,
  open,
  onClose,
  afterClose,
  children,
}: DeliveryLogDrawerProps<Row>) {
  const { t } = useTranslation('automation');
  const screens = Grid.useBreakpoint();

  const dash = <Typography.Text type="secondary">-</Typography.Text>;
  const columns: TableColumnsType<Row> = [
    {
      title: t('webhooks.deliveries.column.event'),
      key: 'event',
      render: (_, delivery) => t(`webhooks.event.${delivery.event}`),
    },
    {
      title: t('webhooks.deliveries.column.status'),
      key: 'status',
      render: (_, delivery) => <WebhookStatusTag status={delivery.status} />,
    },
    {
      title: t('webhooks.deliveries.column.attempts'),
      key: 'attempts',
      render: (_, delivery) =>
        t('webhooks.deliveries.attempts', { attempts: delivery.attempts, max: delivery.maxAttempts }),
    },
    {
      title: t('webhooks.deliveries.column.answer'),
      key: 'answer',
      render: (_, delivery) => <DeliveryAnswer delivery={delivery} />,
    },
    {
      title: t('webhooks.deliveries.column.created'),
      key: 'created',
      render: (_, delivery) => formatDateTime(delivery.createdAt),
    },
    {
      title: t('webhooks.deliveries.column.lastAttempt'),
      key: 'lastAttempt',
      render: (_, delivery) => (delivery.lastAttemptAt ? formatDateTime(delivery.lastAttemptAt) : dash),
    },
    {
      title: t('webhooks.deliveries.column.delivered'),
      key: 'delivered',
      render: (_, delivery) => (delivery.deliveredAt ? formatDateTime(delivery.deliveredAt) : dash),
    },
  ];
  if (onDetails)
    columns.push({
      title: t('webhooks.deliveries.column.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, delivery) => (
        <Button
          size="small"
          data-testid="webhook-delivery-details"
          aria-label={t('webhooks.deliveries.detailsLabel', { id: delivery.id })}
          onClick={() => onDetails(delivery)}
        >
          {t('webhooks.deliveries.details')}
        </Button>
      ),
    });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      afterOpenChange={(opened) => !opened && afterClose()}
      title={t('webhooks.deliveries.title')}
      size={screens.lg ? 1000 : '100%'}
      data-testid="webhook-deliveries"
      extra={
        <Button
          data-testid="webhook-deliveries-refresh"
          loading={deliveries.isFetching}
          onClick={() => void deliveries.refetch()}
        >
          {t('webhooks.deliveries.refresh')}
        </Button>
      }
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
          {subtitle}
        </Typography.Text>
        <PagedTable<Row>
          testId="webhook-deliveries-table"
          size="small"
          query={deliveries}
          // Polling must not make the rows flicker: only the first load and paging show the spinner.
          loading={deliveries.isPending || deliveries.isPlaceholderData}
          paging={paging}
          onPagingChange={onPagingChange}
          columns={columns}
          onRow={rowAttributes}
          errorTitle={t('webhooks.deliveries.loadFailed')}
          emptyText={t('webhooks.deliveries.empty')}
        />
      </Flex>
      {children}
    </Drawer>
  );
}

/** The receiver's HTTP status, or why no answer came (the portal's own words, e.g. a timeout). */
function DeliveryAnswer({ delivery }: { delivery: StaffWebhookDelivery }) {
  const { t } = useTranslation('automation');
  if (delivery.responseStatus !== null)
    return (
      <span data-testid="webhook-delivery-answer">
        {t('webhooks.deliveries.httpStatus', { status: delivery.responseStatus })}
      </span>
    );
  if (delivery.lastError)
    return (
      <Typography.Text type="danger" data-testid="webhook-delivery-answer">
        {deliveryErrorText(t, delivery.lastError)}
      </Typography.Text>
    );
  return (
    <Typography.Text type="secondary" data-testid="webhook-delivery-answer">
      {delivery.attempts > 0 ? t('webhooks.deliveries.noAnswer') : '-'}
    </Typography.Text>
  );
}
