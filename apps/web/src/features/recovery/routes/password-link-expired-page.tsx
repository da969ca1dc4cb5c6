import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChoiceResult } from '@/components/choice-result';
import { paths } from '@/config/paths';

/** /user/password-link-expired: a used or expired password link, and the two ways on. */
export function PasswordLinkExpiredPage() {
  const { t } = useTranslation('register');
  const navigate = useNavigate();
  return (
    <ChoiceResult
      testId="password-link-expired"
      title={t('expired.title')}
      description={t('expired.description')}
      primary={{
        text: t('expired.requestNew'),
        testId: 'request-new-link',
        onClick: () => navigate(paths.recover),
      }}
      secondary={{
        text: t('expired.signIn'),
        testId: 'expired-sign-in',
        onClick: () => navigate(paths.login),
      }}
    />
  );
}
