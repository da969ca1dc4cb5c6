import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/** /user/password-link-expired: a used or expired password link, and the two ways on. */
export function PasswordLinkExpiredPage() {
  const { t } = useTranslation('register');
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      data-testid="password-link-expired"
      title={t('expired.title')}
      subTitle={t('expired.description')}
      extra={[
        <Button
          key="recover"
          type="primary"
          data-testid="request-new-link"
          onClick={() => navigate(paths.recover)}
        >
          {t('expired.requestNew')}
        </Button>,
        <Button key="sign-in" data-testid="expired-sign-in" onClick={() => navigate(paths.login)}>
          {t('expired.signIn')}
        </Button>,
      ]}
    />
  );
}
