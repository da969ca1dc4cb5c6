import { useTranslation } from 'react-i18next';
import { API_BASE } from '@/lib/api-client';
import styles from './captcha-image-button.module.css';

export interface CaptchaImageProps {
  /** Changing it makes the browser fetch a new image (and the server bind a new answer). */
  nonce: number;
  onRefresh: () => void;
}

/**
 * The captcha image, a button that fetches a new one. The server binds the answer to this
 * browser with an httpOnly cookie, so the image is a plain <img> and the client never sees it.
 */
export function CaptchaImageButton({ nonce, onRefresh }: CaptchaImageProps) {
  const { t } = useTranslation('login');
  return (
    <button
      type="button"
      className={styles.button}
      title={t('pages.login.captcha.refresh')}
      aria-label={t('pages.login.captcha.refresh')}
      onClick={onRefresh}
    >
      <img
        src={`${API_BASE}/captcha.jpg?t=${nonce}`}
        alt={t('pages.login.captcha.alt')}
        data-testid="captcha-image"
        className={styles.image}
      />
    </button>
  );
}
