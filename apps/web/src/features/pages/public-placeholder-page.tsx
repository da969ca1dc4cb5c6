import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/** The public pages under the user layout whose forms come in later issues. */
export type PublicPage =
  | 'register'
  | 'registerResult'
  | 'recover'
  | 'overseasDownload'
  | 'overseasDownloadImsCli'
  | 'passwordLinkExpired';

/** Says what the page is for and leads back to sign-in, the one thing a visitor can do now. */
export function PublicPlaceholderPage({ page }: { page: PublicPage }) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  return (
    <Result
      status={page === 'passwordLinkExpired' ? 'warning' : 'info'}
      title={t(`public.${page}.title`)}
      subTitle={t(`public.${page}.description`)}
      extra={
        <Button type="primary" onClick={() => navigate(paths.login)}>
          {t('public.backToLogin')}
        </Button>
      }
    />
  );
}
