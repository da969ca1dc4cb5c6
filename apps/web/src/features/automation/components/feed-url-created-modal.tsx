import { Alert, Button, Flex, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyField } from './copy-field';

interface FeedUrlCreatedModalProps {
  feedUrl: string;
  open: boolean;
  onClose: () => void;
  /** Once the closing motion is over: forget the URL. */
  afterClose: () => void;
}

/** The private feed URL, shown this once (the server keeps only a digest of its token). */
export function FeedUrlCreatedModal({ feedUrl, open, onClose, afterClose }: FeedUrlCreatedModalProps) {
  const { t } = useTranslation('automation');
  return (
    <Modal
      open={open}
      afterClose={afterClose}
      data-testid="feed-url-created"
      title={t('feeds.created.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      width={720}
      footer={
        <Button type="primary" onClick={onClose} data-testid="feed-url-created-close">
          {t('feeds.created.done')}
        </Button>
      }
    >
      <Flex vertical gap="middle">
        <Alert type="warning" showIcon role="alert" title={t('feeds.created.warning')} />
        <CopyField
          label={t('feeds.created.url')}
          value={feedUrl}
          copyText={t('feeds.created.copy')}
          testId="private-feed-url"
        />
      </Flex>
    </Modal>
  );
}
