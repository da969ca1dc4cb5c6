import { useTranslation } from 'react-i18next';
import { CopyField } from './copy-field';
import { ShownOnceModal } from './shown-once-modal';

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
    <ShownOnceModal
      open={open}
      onClose={onClose}
      afterClose={afterClose}
      title={t('feeds.created.title')}
      warning={t('feeds.created.warning')}
      doneText={t('feeds.created.done')}
      testId="feed-url-created"
    >
      <CopyField
        label={t('feeds.created.url')}
        value={feedUrl}
        copyText={t('feeds.created.copy')}
        testId="private-feed-url"
      />
    </ShownOnceModal>
  );
}
