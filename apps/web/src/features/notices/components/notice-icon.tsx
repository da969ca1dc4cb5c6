import { BellOutlined } from '@ant-design/icons';
import type { Notice } from '@portal/contract';
import { Badge, Button, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '@/components/visually-hidden';
import { NOTICE_POPOVER } from '@/config/console';
import { useNotices } from '../api/get-notices';
import { useLoadingOnOpen } from '../hooks/use-loading-on-open';
import { NoticeDetailModal } from './notice-detail-modal';
import styles from './notice-icon.module.css';
import { NoticePopoverContent } from './notice-popover-content';

/** Header bell: the unread count as a badge, the newest notices in a popover, one notice whole in a dialog. */
export function NoticeIcon() {
  const { t } = useTranslation('notices');
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<Notice | null>(null);
  const notices = useNotices();
  const { loading, start } = useLoadingOnOpen(notices.refetch);
  const unread = notices.data?.unread ?? 0;

  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) start();
  };

  const show = (notice: Notice) => {
    setOpen(false);
    setShown(notice);
  };

  return (
    <>
      <Popover
        open={open}
        onOpenChange={handleOpenChange}
        trigger="click"
        placement="bottomRight"
        arrow={false}
        styles={{ root: { width: NOTICE_POPOVER.widthPx } }}
        content={<NoticePopoverContent loading={loading} notices={notices} onShowNotice={show} />}
      >
        <Button type="text" data-testid="notice-icon" aria-label={t('bell.label', { unread })}>
          <Badge count={unread} size="small">
            <BellOutlined className={styles.bell} />
          </Badge>
          {/* antd's Badge animates a change by rendering a column of digits, so its text is not a
            dependable reading of the count; this plain copy is what tests read. */}
          <VisuallyHidden data-testid="notice-badge-count" aria-hidden>
            {unread}
          </VisuallyHidden>
        </Button>
      </Popover>
      <NoticeDetailModal notice={shown} onClose={() => setShown(null)} />
    </>
  );
}
