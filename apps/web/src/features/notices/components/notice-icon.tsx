import { BellOutlined } from '@ant-design/icons';
import type { Notice } from '@portal/contract';
import { Badge, Button, Popover } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '@/components/visually-hidden';
import { NOTICE_POPOVER } from '@/config/console';
import { useNotices } from '../api/get-notices';
import { NoticeDetailModal } from './notice-detail-modal';
import styles from './notice-icon.module.css';
import { NoticePopoverContent } from './notice-popover-content';

/**
 * Header bell: the unread count as a badge, the newest notices in a popover, one notice whole in a
 * dialog. `initiallyOpen`: the reader clicked the plain bell (notice-bell-button.tsx) before this
 * code was in, so the popover opens at once.
 */
export function NoticeIcon({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const { t } = useTranslation('notices');
  const [open, setOpen] = useState(initiallyOpen);
  const [shown, setShown] = useState<Notice | null>(null);
  const notices = useNotices();
  const refresh = notices.refetch;
  const unread = notices.data?.unread ?? 0;
  // Opened by the plain bell's click (before or while this code loaded): the popover opens and
  // refreshes now, as a click here would.
  const [openedByBell, setOpenedByBell] = useState(initiallyOpen);
  if (initiallyOpen && !openedByBell) {
    setOpenedByBell(true);
    setOpen(true);
  }
  useEffect(() => {
    if (initiallyOpen) void refresh();
  }, [initiallyOpen, refresh]);

  // The page the bell polled shows at once; opening asks for the newest beside it.
  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) void refresh();
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
        content={<NoticePopoverContent notices={notices} onShowNotice={show} />}
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
