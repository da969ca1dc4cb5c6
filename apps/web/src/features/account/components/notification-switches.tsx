import type { NotificationSettings } from '@portal/contract';
import { App, Skeleton, Switch, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';

type Topic = keyof NotificationSettings;
type Channel = keyof NotificationSettings[Topic];
const TOPICS: Topic[] = ['firmwareForMyServers', 'taskFinished', 'securityAdvisories'];
const CHANNELS: Channel[] = ['inApp', 'email'];

/** /account/settings/notification: which notices the user receives, in the app and by email; saved on change. */
export function NotificationSwitches() {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings({
    onSuccess: () => void message.success({ key: 'notification-saved', content: t('notification.saved') }),
    onError: (error) => void message.error(t('notification.failed', { message: error.message })),
  });

  if (settings.isPending) return <Skeleton active />;
  if (settings.isError) {
    return <FailureAlert failure={failureOf(settings.error, t('notification.loadFailed'))} gap={0} />;
  }
  const current = settings.data;
  const toggle = (topic: Topic, channel: Channel, on: boolean) =>
    update.mutate({ ...current, [topic]: { ...current[topic], [channel]: on } });

  const columns: TableColumnsType<Topic> = [
    {
      key: 'topic',
      title: t('notification.column.topic'),
      render: (_, topic) => (
        <>
          <Typography.Text>{t(`notification.topic.${topic}`)}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{t(`notification.topic.${topic}.hint`)}</Typography.Text>
        </>
      ),
    },
    ...CHANNELS.map((channel) => ({
      key: channel,
      title: t(`notification.channel.${channel}`),
      align: 'center' as const,
      render: (_: unknown, topic: Topic) => (
        <Switch
          data-testid={`notify-${topic}-${channel}`}
          aria-label={`${t(`notification.topic.${topic}`)}: ${t(`notification.channel.${channel}`)}`}
          checked={current[topic][channel]}
          onChange={(on) => toggle(topic, channel, on)}
        />
      ),
    })),
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('notification.description')}</Typography.Paragraph>
      <Table<Topic>
        data-testid="notification-table"
        rowKey={(topic) => topic}
        pagination={false}
        dataSource={TOPICS}
        columns={columns}
      />
    </>
  );
}
