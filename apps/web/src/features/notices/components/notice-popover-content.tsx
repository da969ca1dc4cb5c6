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
  /** The spinner the spec asks for on every open (see useLoadingOnOpen). */
  loading: boolean;
  notices: UseQueryResult<NoticePage, ApiError>;
  /** Shows a clicked notice whole (it is marked read here). */
  onShowNotice: (notice: Notice) => void;
}

export function NoticePopoverContent({ loading, notices, onShowNotice }: NoticePopoverContentProps) {
  const { t } = useTranslation('notices');
  const markRead = useMarkNoticesRead();
  const page = notices.data;
  const markingAll = markRead.isPending && markRead.variables !== undefined && 'all' in markRead.variables;

  const body = () => {
    if (loading || notices.isPending) {
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
    return <NoticeList notices={page.rows} onOpenNotice={open} />;
  };

  return (
    <div data-testid="notice-popover">
      <div className={styles.header}>
        <Typography.Text strong>{t('popover.title')}</Typography.Text>
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
