import type { Notice, NoticePage } from '@portal/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '@/components/failure-alert';
import type { ApiError } from '@/lib/api-error';
import { useMarkNoticesRead } from '../api/mark-notices-read';
import { NoticeList } from './notice-list';
import styles from './notice-popover.module.css';

interface NoticePopoverContentProps {
  notices: UseQueryResult<NoticePage, ApiError>;
  /** Shows a clicked notice whole (it is marked read here). */
  onShowNotice: (notice: Notice) => void;
}

export function NoticePopoverContent({ notices, onShowNotice }: NoticePopoverContentProps) {
  const { t } = useTranslation('notices');
  const markRead = useMarkNoticesRead();
  const page = notices.data;
  const markingAll = markRead.isPending && markRead.variables !== undefined && 'all' in markRead.variables;

  // A page is shown while a newer one is asked for (opening, or the minute's poll): the header
  // says so with a small spinner instead of hiding what the reader may already be reading.
  const refreshing = notices.isFetching && page !== undefined;

  const body = () => {
    if (notices.isPending) {
      return (
        <div className={styles.centered} data-testid="notice-loading">
          <Spin />
        </div>
      );
    }
    if (!page) return <FailureAlert failure={{ title: t('popover.loadFailed') }} gap={0} />;
    if (page.rows.length === 0) {
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('popover.empty')} />;
    }
    const open = (notice: Notice) => {
      // A read notice needs no request.
      if (!notice.read) markRead.mutate({ ids: [notice.id] });
      onShowNotice(notice);
    };
    return <NoticeList notices={page.rows} onOpenNotice={open} busy={refreshing} />;
  };

  return (
    <div data-testid="notice-popover">
      <div className={styles.header}>
        <span className={styles.heading}>
          <Typography.Text strong>{t('popover.title')}</Typography.Text>
          {refreshing && (
            <span role="status" aria-label={t('popover.refreshing')} data-testid="notice-refreshing">
              <Spin size="small" />
            </span>
          )}
        </span>
        <Button
          type="link"
          size="small"
          data-testid="notice-mark-all"
          disabled={!page || page.unread === 0}
          loading={markingAll}
          onClick={() => markRead.mutate({ all: true })}
        >
          {t('popover.markAllRead')}
        </Button>
      </div>
      {body()}
    </div>
  );
}
