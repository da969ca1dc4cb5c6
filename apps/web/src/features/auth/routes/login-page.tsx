import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LoginForm } from '../components/login-form';
import { useStoredLoginError } from '../hooks/use-stored-login-error';

export function LoginPage() {
  const { t } = useTranslation(['login', 'register']);
  const storedError = useStoredLoginError();
  return (
    <>
      <Typography.Title level={3}>{t('pages.login.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('pages.login.subtitle')}</Typography.Paragraph>
      <LoginForm initialError={storedError} />
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to={paths.register}>{t('register:links.register')}</Link>
        <Link to={paths.recover}>{t('register:links.forgotPassword')}</Link>
      </div>
    </>
  );
}
