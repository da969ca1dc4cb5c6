import { BellOutlined } from '@ant-design/icons';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '@/components/visually-hidden';
import { useNotices } from '../api/get-notices';
import styles from './notice-bell-button.module.css';

/**
 * The header's bell before the notices popover's code (antd) is in: the same button, its unread
 * count polled as the popover's own bell does (one query, shared), drawn in plain markup. A click
 * loads the popover, which opens as soon as it is there (header-actions.tsx).
 */
export function NoticeBellButton(props: ComponentProps<'button'>) {
  const { t } = useTranslation('notices');
  const unread = useNotices().data?.unread ?? 0;
  return (
    <button
      type="button"
      className={styles.button}
      data-testid="notice-icon"
      aria-label={t('bell.label', { unread })}
      {...props}
    >
      <BellOutlined />
      {unread > 0 && (
        <span className={styles.badge} data-badge aria-hidden>
          {unread > 99 ? '99+' : unread}
        </span>
      )}
      <VisuallyHidden data-testid="notice-badge-count" aria-hidden>
        {unread}
      </VisuallyHidden>
    </button>
  );
}
