import type { Notice } from '@portal/contract';
import { Typography } from 'antd';
import { formatDateTime } from '@/lib/format';
import styles from './notice-popover.module.css';

interface NoticeListProps {
  notices: Notice[];
  /** Called for the notice the user clicks, to read it whole. */
  onOpenNotice: (notice: Notice) => void;
  /** A newer page is being asked for; this one stays readable meanwhile. */
  busy?: boolean;
}

export function NoticeList({ notices, onOpenNotice, busy = false }: NoticeListProps) {
  return (
    <ul className={styles.list} aria-busy={busy}>
      {notices.map((notice) => (
        <li key={notice.id}>
          <button
            type="button"
            className={notice.read ? styles.item : `${styles.item} ${styles.unread}`}
            data-testid="notice-item"
            data-read={notice.read}
            onClick={() => onOpenNotice(notice)}
          >
            <Typography.Text className={styles.title} ellipsis={{ tooltip: notice.title }}>
              {notice.title}
            </Typography.Text>
            {notice.content && (
              <Typography.Text type="secondary" className={styles.content} ellipsis>
                {notice.content}
              </Typography.Text>
            )}
            <Typography.Text type="secondary" className={styles.time}>
              {formatDateTime(notice.createTime)}
            </Typography.Text>
          </button>
        </li>
      ))}
    </ul>
  );
}
