import { CAPTCHA_LENGTH } from '@portal/contract';
import { Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '@/lib/api-client';
import styles from './captcha-field.module.css';

interface CaptchaFieldProps {
  /** Changing it makes the browser fetch a new image (and the server bind a new answer). */
  nonce: number;
  onRefresh: () => void;
}

/**
 * Captcha input plus image. The server binds the answer to this browser with an httpOnly
 * cookie, so the image is a plain <img> and the client never sees the answer.
 */
export function CaptchaField({ nonce, onRefresh }: CaptchaFieldProps) {
  const { t } = useTranslation('login');
  return (
    <Flex gap="small" align="flex-start">
      <Form.Item
        name="captcha"
        className={styles.input}
        rules={[{ required: true, whitespace: true, message: t('pages.login.captcha.required') }]}
      >
        <Input
          size="large"
          autoComplete="off"
          maxLength={CAPTCHA_LENGTH}
          placeholder={t('pages.login.captcha.placeholder')}
        />
      </Form.Item>
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
    </Flex>
  );
}
