import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoginForm } from '../components/login-form';
import { useStoredLoginError } from '../hooks/use-stored-login-error';

export function LoginPage() {
  const { t } = useTranslation('login');
  const storedError = useStoredLoginError();
  return (
    <>
      <Typography.Title level={3}>{t('pages.login.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('pages.login.subtitle')}</Typography.Paragraph>
      <LoginForm initialError={storedError} />
    </>
  );
}
