import { CAPTCHA_LENGTH } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '@/lib/api-client';
import styles from './login-captcha-field.module.css';
import { LoginField } from './login-field';

interface LoginCaptchaFieldProps {
  /** Changing it makes the browser fetch a new image (and the server bind a new answer). */
  nonce: number;
  onRefresh: () => void;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/**
 * Captcha input plus image. The server binds the answer to this browser with an httpOnly
 * cookie, so the image is a plain <img> and the client never sees the answer.
 */
export function LoginCaptchaField({ nonce, onRefresh, value, onChange, error }: LoginCaptchaFieldProps) {
  const { t } = useTranslation('login');
  return (
    <div className={styles.row}>
      <div className={styles.input}>
        <LoginField
          name="captcha"
          value={value}
          onChange={onChange}
          error={error}
          autoComplete="off"
          maxLength={CAPTCHA_LENGTH}
          placeholder={t('pages.login.captcha.placeholder')}
        />
      </div>
      <button
        type="button"
        className={styles.imageButton}
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
    </div>
  );
}
