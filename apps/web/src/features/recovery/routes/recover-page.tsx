import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { RecoverRequestForm } from '../components/recover-request-form';
import { ResetPasswordStep } from '../components/reset-password-step';

/**
 * /user/recover: without `token`, ask for a link; with the `token` of a mailed link, set the
 * new password.
 */
export function RecoverPage() {
  const { t } = useTranslation('register');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  return (
    <>
      <Typography.Title level={3}>{t(token ? 'recover.reset.title' : 'recover.title')}</Typography.Title>
      {!token && <Typography.Paragraph type="secondary">{t('recover.subtitle')}</Typography.Paragraph>}
      {token ? <ResetPasswordStep key={token} token={token} /> : <RecoverRequestForm />}
      <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={paths.login}>{t('recover.backToLogin')}</Link>
      </Typography.Paragraph>
    </>
  );
}
