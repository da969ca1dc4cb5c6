import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { RegisterForm } from '../components/register-form';

/** /user/register: the public registration page. */
export function RegisterPage() {
  const { t } = useTranslation('register');
  return (
    <>
      <Typography.Title level={3}>{t('register.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('register.subtitle')}</Typography.Paragraph>
      <RegisterForm />
      <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
        {t('register.haveAccount')} <Link to={paths.login}>{t('register.signIn')}</Link>
      </Typography.Paragraph>
    </>
  );
}
