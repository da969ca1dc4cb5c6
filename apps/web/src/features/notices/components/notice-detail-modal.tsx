import type { Notice } from '@portal/contract';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import styles from './notice-popover.module.css';

interface NoticeDetailModalProps {
  /** The notice to read in full; null keeps the dialog closed. */
  notice: Notice | null;
  onClose: () => void;
}

/** One notice whole: the popover cuts title and text to a line each. */
export function NoticeDetailModal({ notice, onClose }: NoticeDetailModalProps) {
  const { t } = useTranslation('notices');
  return (
    <Modal
      open={notice !== null}
      onCancel={onClose}
      footer={null}
      title={notice?.title}
      destroyOnHidden
      data-testid="notice-detail"
    >
      {notice && (
        <div data-testid="notice-detail-body">
          <Typography.Text type="secondary">
            {t('detail.postedAt', { time: formatDateTime(notice.createTime) })}
          </Typography.Text>
          {/* Server texts put a recall's reason on a line of its own: keep the line breaks. */}
          <Typography.Paragraph className={styles.fullText}>{notice.content}</Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
