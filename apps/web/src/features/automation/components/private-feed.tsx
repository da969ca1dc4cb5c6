import type { FeedTokenCreated } from '@portal/contract';
import { App, Button, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert, failureOf } from '@/components/failure-alert';
import { formatDateTime } from '@/lib/format';
import { useCreateFeedToken } from '../api/create-feed-token';
import { useFeedToken } from '../api/get-feed-token';
import { useRevokeFeedToken } from '../api/revoke-feed-token';
import { FeedUrlCreatedModal } from './feed-url-created-modal';

/**
 * My private feed: whether it exists and its last use, creating or replacing its URL (shown once)
 * and revoking it. The server keeps only a digest of the token, so the URL is never shown again.
 */
export function PrivateFeed() {
  const { t } = useTranslation('automation');
  const { message } = App.useApp();
  const status = useFeedToken();
  const [created, setCreated] = useState<FeedTokenCreated>();
  const [showing, setShowing] = useState(false);
  const active = status.data?.active ?? false;
  // Create (or Replace) is where the focus goes back after the URL's window, and after a
  // revocation, whose confirming button is gone with the Revoke button (Create appears instead).
  const mainButton = useRef<HTMLButtonElement | null>(null);
  const focusOnMount = useRef(false);
  const mainButtonRef = (node: HTMLButtonElement | null) => {
    mainButton.current = node;
    if (node && focusOnMount.current) {
      focusOnMount.current = false;
      node.focus();
    }
  };

  const create = useCreateFeedToken({
    onSuccess: (token) => {
      setCreated(token);
      setShowing(true);
    },
    onError: (error) => void message.error(error.message),
  });
  const revoke = useRevokeFeedToken({
    onSuccess: () => void message.success(t('feeds.private.revoked')),
    onError: (error) => {
      focusOnMount.current = false;
      void message.error(error.message);
    },
  });

  if (status.isError)
    return <FailureAlert failure={failureOf(status.error, t('feeds.private.loadFailed'))} gap={0} />;
  if (!status.data) return <Skeleton active paragraph={{ rows: 1 }} />;

  const { createdAt, lastUsedAt } = status.data;
  return (
    <Flex vertical gap="middle" align="start" data-testid="private-feed">
      <Flex gap="small" wrap align="center" data-testid="private-feed-status">
        <Typography.Text strong>{t('feeds.private.status')}</Typography.Text>
        {active ? (
          <>
            <Tag color="success">{t('feeds.private.active')}</Tag>
            {createdAt && (
              <Typography.Text>
                {t('feeds.private.createdAt', { time: formatDateTime(createdAt) })}
              </Typography.Text>
            )}
            <Typography.Text type="secondary">
              {lastUsedAt
                ? t('feeds.private.lastUsedAt', { time: formatDateTime(lastUsedAt) })
                : t('feeds.private.neverUsed')}
            </Typography.Text>
          </>
        ) : (
          <>
            <Tag>{t('feeds.private.none')}</Tag>
            <Typography.Text type="secondary">{t('feeds.private.noneHint')}</Typography.Text>
          </>
        )}
      </Flex>
      <Flex gap="small" wrap>
        {active ? (
          <>
            <Popconfirm
              title={t('feeds.private.replaceConfirm')}
              okText={t('feeds.private.replaceOk')}
              cancelText={t('feeds.private.cancel')}
              okButtonProps={{ 'data-testid': 'private-feed-replace-confirm' }}
              onConfirm={() => create.mutate()}
            >
              <Button ref={mainButtonRef} data-testid="private-feed-replace" loading={create.isPending}>
                {t('feeds.private.replace')}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={t('feeds.private.revokeConfirm')}
              okText={t('feeds.private.revokeOk')}
              cancelText={t('feeds.private.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'private-feed-revoke-confirm' }}
              onConfirm={() => {
                focusOnMount.current = true;
                revoke.mutate();
              }}
            >
              <Button danger data-testid="private-feed-revoke" loading={revoke.isPending}>
                {t('feeds.private.revoke')}
              </Button>
            </Popconfirm>
          </>
        ) : (
          <Button
            ref={mainButtonRef}
            type="primary"
            data-testid="private-feed-create"
            loading={create.isPending}
            onClick={() => create.mutate()}
          >
            {t('feeds.private.create')}
          </Button>
        )}
      </Flex>
      {created && (
        <FeedUrlCreatedModal
          feedUrl={created.feedUrl}
          open={showing}
          onClose={() => setShowing(false)}
          afterClose={() => {
            setCreated(undefined);
            mainButton.current?.focus();
          }}
        />
      )}
    </Flex>
  );
}
