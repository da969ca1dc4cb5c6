import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LoginForm } from '../components/login-form';
import { useStoredLoginError } from '../hooks/use-stored-login-error';
import styles from './login-page.module.css';

export function LoginPage() {
  const { t } = useTranslation(['login', 'register']);
  const storedError = useStoredLoginError();
  return (
    <>
      <h3 className={styles.title}>{t('pages.login.title')}</h3>
      <p className={styles.subtitle}>{t('pages.login.subtitle')}</p>
      <LoginForm initialError={storedError} />
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to={paths.register}>{t('register:links.register')}</Link>
        <Link to={paths.recover}>{t('register:links.forgotPassword')}</Link>
      </div>
    </>
  );
}
