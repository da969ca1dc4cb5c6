import { CAPTCHA_LENGTH } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { CaptchaImageButton, type CaptchaImageProps } from '@/components/captcha-field/captcha-image-button';
import styles from './login-captcha-field.module.css';
import { LoginField } from './login-field';

interface LoginCaptchaFieldProps extends CaptchaImageProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The sign-in form's captcha input (its light-weight field) beside the shared captcha image. */
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
          aria-label={t('pages.login.captcha.placeholder')}
        />
      </div>
      <CaptchaImageButton nonce={nonce} onRefresh={onRefresh} />
    </div>
  );
}
