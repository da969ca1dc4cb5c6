import type { SessionInfo } from '@portal/contract';
import { App, Button, Flex, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { formatDateTime } from '@/lib/format';
import { useSessions } from '../api/get-sessions';
import { useRevokeSessions } from '../api/revoke-sessions';
import { describeUserAgent } from '../utils/describe-user-agent';

// antd types onRow's answer as plain HTML attributes, which have no data-* keys.
const sessionRowAttributes = (): HTMLAttributes<HTMLElement> =>
  ({ 'data-testid': 'session-row' }) as HTMLAttributes<HTMLElement>;

/** The user's open sign-ins, with sign-out of one of them or of every other one. */
export function ActiveSessions() {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const sessions = useSessions();
  const revoke = useRevokeSessions({
    onSuccess: ({ revoked }) => void message.success(t('sessions.revoked', { revoked })),
    onError: (error) => void message.error(t('sessions.revokeFailed', { message: error.message })),
  });
  const revokingId =
    revoke.isPending && revoke.variables && 'id' in revoke.variables ? revoke.variables.id : null;
  const hasOthers = sessions.data?.some((session) => !session.current) === true;

  const columns: TableColumnsType<SessionInfo> = [
    {
      key: 'device',
      render: (_, session) => (
        <Flex gap="small" align="center" wrap>
          <Tooltip title={session.userAgent}>
            <span>{describeUserAgent(session.userAgent) ?? t('sessions.unknownDevice')}</span>
          </Tooltip>
          {session.current && <Tag color="success">{t('sessions.current')}</Tag>}
        </Flex>
      ),
    },
    { key: 'ip', render: (_, session) => t('sessions.ip', { ip: session.ip ?? '-' }) },
    {
      key: 'time',
      render: (_, session) => t('sessions.signedInAt', { time: formatDateTime(session.createTime) }),
    },
    {
      key: 'action',
      align: 'end',
      render: (_, session) =>
        !session.current && (
          <Button
            data-testid="revoke-session"
            size="small"
            danger
            loading={revokingId === session.id}
            onClick={() => revoke.mutate({ id: session.id })}
          >
            {t('sessions.revoke')}
          </Button>
        ),
    },
  ];

  return (
    <section>
      <Flex justify="space-between" align="center" gap="small" wrap>
        <Typography.Title level={5}>{t('sessions.title')}</Typography.Title>
        <Button
          data-testid="revoke-other-sessions"
          danger
          disabled={!hasOthers}
          loading={revoke.isPending && revokingId === null}
          onClick={() => revoke.mutate({ allOthers: true })}
        >
          {t('sessions.revokeOthers')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary">{t('sessions.description')}</Typography.Paragraph>
      <FailureAlert failure={failureOf(sessions.error, t('sessions.loadFailed'))} gap={0} />
      <Table<SessionInfo>
        data-testid="sessions-list"
        rowKey="id"
        showHeader={false}
        size="small"
        pagination={false}
        loading={sessions.isPending}
        dataSource={sessions.data ?? []}
        columns={columns}
        onRow={sessionRowAttributes}
        locale={{ emptyText: t('sessions.empty') }}
      />
    </section>
  );
}
