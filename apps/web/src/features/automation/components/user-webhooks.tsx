import { type StaffWebhook, USER_EDIT_PERMISSION } from '@portal/contract';
import { App, Button, Popconfirm, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/list-table/list-table';
import { usePermission } from '@/lib/access';
import { useSwitchOffUserWebhook, useUserWebhooks } from '../api/user-webhooks';
import { UserWebhookDeliveriesDrawer } from './user-webhook-deliveries-drawer';
import { webhookFactColumns } from './webhook-cells';

/**
 * Support's view of a user's webhooks (users page, user detail): where each sends (host only),
 * its events, on or off, its last delivery and its delivery log (no bodies); with sysUser:edit,
 * switching one off (audited).
 */
export function UserWebhooks({ userId }: { userId: number }) {
  const { t } = useTranslation('automation');
  const { message } = App.useApp();
  const canSwitchOff = usePermission(USER_EDIT_PERMISSION);
  const webhooks = useUserWebhooks(userId);
  const switchOff = useSwitchOffUserWebhook(userId, {
    onSuccess: () => void message.success(t('webhooks.staff.switchedOff')),
    onError: (error) => void message.error(error.message),
  });

  // The webhook whose log is open; kept while the drawer closes so it does not empty mid-animation.
  const [opened, setOpened] = useState<StaffWebhook>();
  const [showing, setShowing] = useState(false);

  const facts = webhookFactColumns<StaffWebhook>(t);
  const columns: TableColumnsType<StaffWebhook> = [
    {
      title: t('webhooks.column.origin'),
      key: 'origin',
      render: (_, webhook) => (
        <Typography.Text style={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
          {webhook.origin}
        </Typography.Text>
      ),
    },
    facts.events,
    {
      title: t('webhooks.column.active'),
      key: 'active',
      render: (_, webhook) =>
        webhook.active ? (
          <Tag color="success">{t('webhooks.staff.on')}</Tag>
        ) : (
          <Tag>{t('webhooks.staff.off')}</Tag>
        ),
    },
    facts.lastDelivery,
    {
      title: t('webhooks.column.actions'),
      key: 'actions',
      render: (_: unknown, webhook: StaffWebhook) => (
        <Space size="small" wrap>
          <Button
            size="small"
            data-testid="user-webhook-log"
            aria-label={t('webhooks.staff.logLabel', { origin: webhook.origin })}
            onClick={() => {
              setOpened(webhook);
              setShowing(true);
            }}
          >
            {t('webhooks.log')}
          </Button>
          {canSwitchOff && webhook.active && (
            <Popconfirm
              title={t('webhooks.staff.switchOffConfirm')}
              okText={t('webhooks.staff.switchOff')}
              cancelText={t('webhooks.deleteCancel')}
              okButtonProps={{ danger: true, 'data-testid': 'user-webhook-off-confirm' }}
              onConfirm={() => switchOff.mutate({ userId, id: webhook.id })}
            >
              <Button
                size="small"
                danger
                data-testid="user-webhook-off"
                aria-label={t('webhooks.staff.switchOffLabel', { origin: webhook.origin })}
                loading={switchOff.isPending && switchOff.variables.id === webhook.id}
              >
                {t('webhooks.staff.switchOff')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <section aria-labelledby={`user-webhooks-${userId}`} style={{ marginTop: 24 }}>
      <Typography.Title level={5} id={`user-webhooks-${userId}`}>
        {t('webhooks.staff.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('webhooks.staff.intro')}</Typography.Paragraph>
      <ListTable<StaffWebhook>
        query={webhooks}
        columns={columns}
        loadFailed={t('webhooks.list.loadFailed')}
        emptyText={t('webhooks.staff.empty')}
        testId="user-webhooks"
      />
      {opened && (
        <UserWebhookDeliveriesDrawer
          userId={userId}
          webhook={opened}
          open={showing}
          onClose={() => setShowing(false)}
          afterClose={() => setOpened(undefined)}
        />
      )}
    </section>
  );
}
